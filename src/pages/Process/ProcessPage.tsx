import { useLocation } from 'react-router-dom';
import { WithQueryClient } from '../../services/query/WithQueryClient.tsx';
import { isFreeOffer } from '../../config/offer.ts';
import { FreeClaim } from '../../flows/checkout/FreeClaim.tsx';
import { readSignupState } from '../../flows/checkout/navigationState.ts';
import { TestCheckout } from '../../flows/checkout/TestCheckout.tsx';
import { StripeSession } from '../../flows/checkout/StripeSession.tsx';
import { useCheckoutRequest } from '../../flows/checkout/useCheckoutRequest.ts';
import type { SignupNavigationState } from '../../flows/signup/useSignup.ts';
import { usePartner } from '../../partner/PartnerContext.ts';
import { useServices } from '../../services/services.tsx';
import { OfferGate } from '../../ui/OfferGate/OfferGate.tsx';
import styles from '../ClaimOffer/ClaimOffer.module.css';
import { StartAgain } from '../ClaimOffer/StartAgain.tsx';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/**
 * Step 1 of 2 (spec §2): the embedded card checkout, fed by the signup's navigation state; for a
 * free offer (amountCents 0) a confirmation of the claim instead of any payment form.
 */
export function ProcessPage() {
  return (
    <WithQueryClient>
      <Process />
    </WithQueryClient>
  );
}

function Process() {
  const { partner } = usePartner();
  const state = readSignupState(useLocation().state);
  const t = useText(journeyWords);
  if (!state) {
    return (
      <StartAgain title={t('freshStartTitle')}>
        <p>{t('freshStartText')}</p>
      </StartAgain>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="process-title">
      <h1 id="process-title" className={styles.title}>
        <span className={styles.step}>{t('step1')}</span> {t('processTitle')}
      </h1>
      <OfferGate partner={partner} framed={false}>
        <Checkout state={state} />
      </OfferGate>
    </section>
  );
}

function Checkout({ state }: { state: SignupNavigationState }) {
  const { stripePublishableKey } = useServices();
  const { partner } = usePartner();
  const { request } = useCheckoutRequest(state);
  if (isFreeOffer(partner)) return <FreeClaim request={request} />;
  if (!stripePublishableKey) return <TestCheckout request={request} />;
  return <StripeSession publishableKey={stripePublishableKey} request={request} />;
}
