import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';

/**
 * Stripe's embedded checkout. This module is loaded only on the process page, so Stripe.js never
 * reaches the landing page; it runs only when a publishable key is configured.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export default function StripeCheckout({
  publishableKey,
  fetchClientSecret,
}: {
  publishableKey: string;
  fetchClientSecret: () => Promise<string>;
}) {
  return (
    <EmbeddedCheckoutProvider stripe={stripeFor(publishableKey)} options={{ fetchClientSecret }}>
      <EmbeddedCheckout />
    </EmbeddedCheckoutProvider>
  );
}
