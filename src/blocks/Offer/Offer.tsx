import { useCallback } from 'react';
import { offerFor } from '../../config/offer.ts';
import { signupFormFor } from '../../flows/signup/signupFormFor.ts';
import { LazySignupForm } from '../../forms/signup/LazySignupForm.tsx';
import type { SignupValues } from '../../forms/signup/values.ts';
import { OfferGate } from '../../ui/OfferGate/OfferGate.tsx';
import { blockTitleId } from '../scaffold/BlockSection.tsx';
import { useSignupHandler } from '../signupHandler.ts';
import type { BlockProps } from '../types.ts';
import { formPlaceholderClass, OfferCard } from './OfferCard.tsx';
import styles from './Offer.module.css';

/**
 * The offer block of a campaign page: the claim-offer page's offer card (its price, what it
 * includes) with the partner's signup form in it. The visitor reads the offer here, so sending the
 * form goes straight on to the claim (the checkout, or a free offer's confirmation) rather than to
 * the claim-offer page, which would show the same offer again. On the claim-offer page the page
 * draws the offer itself, with its navigation state (src/pages/ClaimOffer/ClaimOfferPage.tsx).
 */
export function Offer({ partner, site, section }: BlockProps<'offer'>) {
  const offer = offerFor(section.props, partner, site.product);
  const signup = useSignupHandler();
  const onSubmit = useCallback((values: SignupValues) => signup(values, 'claim'), [signup]);
  const claimId = `${section.id}-claim`;
  return (
    <div
      className={styles.band}
      style={offer.layoutBg ? { background: offer.layoutBg } : undefined}
    >
      <div className={styles.column}>
        <OfferCard
          offer={offer}
          id={section.id}
          titleId={blockTitleId(section.id)}
          heading="h2"
          claimId={claimId}
        >
          <OfferGate partner={partner} headingLevel={3}>
            <LazySignupForm
              anchorId={claimId}
              placeholderClassName={formPlaceholderClass}
              form={signupFormFor(partner)}
              partnerName={partner.name}
              onSubmit={onSubmit}
              idPrefix={section.id}
              headingLevel={3}
            />
          </OfferGate>
        </OfferCard>
      </div>
    </div>
  );
}
