import { useLocation, useNavigate } from 'react-router-dom';
import { usePartner } from '../../partner/PartnerContext.ts';
import { useHydrated } from '../../ui/hydration.ts';
import { readSignupState } from '../../flows/checkout/navigationState.ts';
import { claimOfferFor } from '../../flows/checkout/offer.ts';
import { SectionRenderer } from '../../sections/SectionRenderer.tsx';
import { Html } from '../../ui/Html.tsx';
import styles from './ClaimOffer.module.css';
import { StartAgain } from './StartAgain.tsx';

/** Claim-offer index (spec §2): logo, header, offer badge, product, price, claim block, disclaimer. */
export function ClaimOfferPage() {
  const { partner, site } = usePartner();
  const location = useLocation();
  const navigate = useNavigate();
  // The prerendered page has no navigation state, so hydration renders that same page; a reload
  // that kept the state (history keeps it) shows the offer on the render straight after.
  const hydrated = useHydrated();
  const state = hydrated ? readSignupState(location.state) : undefined;
  const offer = claimOfferFor(partner, site.product);

  if (!state) {
    return (
      <StartAgain title="Let's start with your email">
        <p>We need your email address before we can hold this offer for you.</p>
      </StartAgain>
    );
  }

  // The offer block is drawn here (it holds the claim); the page's other blocks follow it.
  const page = partner.pages.claimOffer;
  const others = page.sections.filter((section) => section.type !== 'offer');
  return (
    <>
      <section className={styles.card} aria-labelledby="claim-offer-title">
        <h1 id="claim-offer-title" className={styles.title}>
          {offer.headerText}
        </h1>
        <p
          className={styles.badge}
          style={offer.badgeBgColor ? { background: offer.badgeBgColor } : undefined}
        >
          {offer.offerBadgeText}
        </p>
        <div className={styles.product}>
          <Html as="p" className={styles.productTitle} html={offer.productTitleHtml} />
          <p className={styles.price}>
            <span className="visually-hidden">Price: </span>
            {offer.priceText}
          </p>
        </div>
        <div className={styles.claimBlock}>
          <p>
            We will send your scanning instructions to <strong>{state.form.email}</strong>.
          </p>
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => void navigate('process', { state })}
          >
            Claim this offer
          </button>
        </div>
        <Html as="p" className={styles.disclaimer} html={offer.disclaimerHtml} />
      </section>
      {others.map((section) => (
        <SectionRenderer
          key={section.id}
          section={section}
          page={page}
          partner={partner}
          site={site}
        />
      ))}
    </>
  );
}
