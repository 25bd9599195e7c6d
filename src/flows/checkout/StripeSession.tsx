import { lazy, Suspense } from 'react';
import type { CheckoutSessionRequest } from '../../services/api.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { checkoutFailure } from './checkoutFailure.ts';
import { CheckoutFailureNotice } from './CheckoutFailureNotice.tsx';
import { useCheckoutSession } from './useCheckoutRequest.ts';
import styles from './Checkout.module.css';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';
import { useServices } from '../../services/services.tsx';

// Stripe.js is fetched on this page only, for a paid offer, once the session is open.
const StripeEmbeddedCheckout = lazy(() => import('./StripeCheckout.tsx'));

/**
 * The Stripe path of the process step: the session is opened first (useCheckoutSession), so every
 * refusal of create-checkout-session shows its own sentence and action; then Stripe's embedded
 * form; Stripe.js that cannot load is said as a connection problem, with a retry.
 */
export function StripeSession({
  publishableKey,
  request,
}: {
  publishableKey: string;
  request: () => CheckoutSessionRequest;
}) {
  const session = useCheckoutSession(request);
  const StripeCheckout = useServices().StripeCheckout ?? StripeEmbeddedCheckout;
  const t = useText(journeyWords);
  const email = request().customer_email;
  const preparing = (
    <p className={styles.status} role="status">
      <Spinner /> {t('loadingCheckout')}
    </p>
  );
  if (session.isPending) return preparing;
  if (session.isError) {
    return (
      <CheckoutFailureNotice
        failure={checkoutFailure(session.error)}
        email={email}
        onRetry={() => void session.refetch()}
      />
    );
  }
  return (
    <Suspense fallback={preparing}>
      <StripeCheckout
        publishableKey={publishableKey}
        clientSecret={session.data.clientSecret}
        unavailable={(retry) => (
          <CheckoutFailureNotice
            failure={checkoutFailure(new TypeError('Stripe.js did not load'))}
            email={email}
            onRetry={retry}
          />
        )}
      />
    </Suspense>
  );
}
