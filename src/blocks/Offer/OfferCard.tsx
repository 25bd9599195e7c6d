import type { ReactNode } from 'react';
import type { ClaimOffer } from '../../config/offer.ts';
import { Html } from '../../ui/Html.tsx';
import styles from './OfferCard.module.css';
import { offerWords } from '../../i18n/areas/offer.ts';
import { useText } from '../../i18n/words.ts';

export interface OfferCardProps {
  offer: ClaimOffer;
  /** The card's own anchor (a campaign page's offer section id), if any. */
  id?: string | undefined;
  /** The heading's id, which names the card. */
  titleId: string;
  /** h1 on the claim-offer page (its main heading), h2 among a campaign page's blocks. */
  heading: 'h1' | 'h2';
  /** The id of the box around the claim, where the signup form anchors its loading. */
  claimId: string;
  /** The claim: the signup form, or the email the signup brought with the way on. */
  children: ReactNode;
}

/**
 * The offer as the visitor is asked to take it (spec §2, claim-offer index): header, badge,
 * product and price, what it includes, the claim, and the disclaimer. One card for the claim-offer
 * page and for the offer block of a campaign page, so the offer reads the same wherever it is.
 */
export function OfferCard({
  offer,
  id,
  titleId,
  heading: Heading,
  claimId,
  children,
}: OfferCardProps) {
  const t = useText(offerWords);
  return (
    <section id={id} className={styles.card} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.title}>
        {offer.headerText}
      </Heading>
      <p
        className={styles.badge}
        style={offer.badgeBgColor ? { background: offer.badgeBgColor } : undefined}
      >
        {offer.offerBadgeText}
      </p>
      <div className={styles.product}>
        <Html as="p" className={styles.productTitle} html={offer.productTitleHtml} />
        <p className={styles.price}>
          <span className="visually-hidden">{t('price')}</span>
          {offer.priceText}
        </p>
      </div>
      {offer.includedItems.length > 0 && (
        <ul className={styles.included}>
          {offer.includedItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      <div id={claimId} className={styles.claimBlock}>
        {children}
      </div>
      <Html as="p" className={styles.disclaimer} html={offer.disclaimerHtml} />
    </section>
  );
}

/** Class of the same-sized box shown while the signup form's code loads in the claim box. */
export const formPlaceholderClass = styles.formPlaceholder;
