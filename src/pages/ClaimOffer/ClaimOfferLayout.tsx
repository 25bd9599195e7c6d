import { Link, Outlet } from 'react-router-dom';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { claimOfferFor } from '../../config/offer.ts';
import { InAppVersion } from './InAppVersion.tsx';
import { useStepFocus } from './stepFocus.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import styles from './ClaimOffer.module.css';
import { offerWords } from '../../i18n/areas/offer.ts';
import { useText } from '../../i18n/words.ts';

/**
 * The claim-offer steps as the visitor's version of the claim-offer page shows them (its A/B test,
 * if it has one: InAppVersion.tsx).
 */
export function ClaimOfferLayout() {
  return (
    <InAppVersion pageKey="claimOffer" pagePath={/\/claim-offer\/?$/}>
      <ClaimOfferFrame />
    </InAppVersion>
  );
}

/** The nested layout of the claim-offer steps: the partner's logo, a calm background, the step. */
function ClaimOfferFrame() {
  const { partner, site, landingFromServer } = usePartner();
  const offer = claimOfferFor(partner, site.product);
  const paths = usePartnerPaths();
  const main = useStepFocus();
  const t = useText(offerWords);
  return (
    <div
      className={styles.layout}
      style={offer.layoutBg ? { background: offer.layoutBg } : undefined}
    >
      <header className={styles.header}>
        <Link to={paths.landing} reloadDocument={landingFromServer} className={styles.logoLink}>
          <img
            src={partner.branding.logoSrc}
            alt={t('logoAlt', { logo: partner.branding.logoAlt })}
            width={240}
            height={60}
          />
        </Link>
        <LanguageSwitch offered={partner.languages} />
      </header>
      <main id="main" ref={main} className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        © {site.copyrightYear} {site.copyrightHolder}
      </footer>
    </div>
  );
}
