import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { CheckoutSessionRequest } from '../../services/api.ts';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { checkoutFailure } from './checkoutFailure.ts';
import { CheckoutFailureNotice } from './CheckoutFailureNotice.tsx';
import { useCheckoutSession } from './useCheckoutRequest.ts';
import styles from './Checkout.module.css';

// Stripe.js is fetched on this page only, for a paid offer, once the session is open.
const loadStripeCheckout = () => import('./StripeCheckout.tsx');

/**
 * The Stripe path of the process step: the session is opened first (useCheckoutSession), so every
 * refusal of create-checkout-session shows its own sentence and action; then Stripe's embedded
 * form. Stripe.js (or its chunk) failing to load is said as a connection problem, with a retry.
 */
export function StripeSession({
  publishableKey,
  request,
}: {
  publishableKey: string;
  request: () => CheckoutSessionRequest;
}) {
  const session = useCheckoutSession(request);
  // Each attempt mounts the form anew: "Try again" after a failed load loads it again.
  const [attempt, setAttempt] = useState(0);
  const email = request().customer_email;
  const preparing = (
    <p className={styles.status} role="status">
      <Spinner /> Loading secure checkout…
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
    <ErrorBoundary
      key={attempt}
      fallback={(error) => (
        <CheckoutFailureNotice
          failure={checkoutFailure(error instanceof TypeError ? error : new TypeError())}
          email={email}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      )}
    >
      <StripeForm
        publishableKey={publishableKey}
        clientSecret={session.data.clientSecret}
        fallback={preparing}
      />
    </ErrorBoundary>
  );
}

/** Stripe's form, its chunk loaded once per mount (a failed load is not kept by a new mount). */
function StripeForm({
  publishableKey,
  clientSecret,
  fallback,
}: {
  publishableKey: string;
  clientSecret: string;
  fallback: ReactNode;
}) {
  const [StripeCheckout] = useState(() => lazy(loadStripeCheckout));
  return (
    <Suspense fallback={fallback}>
      <StripeCheckout publishableKey={publishableKey} clientSecret={clientSecret} />
    </Suspense>
  );
}
