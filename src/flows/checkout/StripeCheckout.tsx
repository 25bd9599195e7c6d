import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { use } from 'react';

/**
 * Stripe's embedded checkout for a session already opened (StripeSession.tsx). This module is
 * loaded only on the process page, so Stripe.js never reaches the landing page; it runs only when
 * a publishable key is configured. A Stripe.js that cannot load (no network, blocked) throws to
 * the boundary StripeSession puts around it.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load is not kept: the visitor's "Try again" loads it anew.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export default function StripeCheckout({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string;
  clientSecret: string;
}) {
  const stripe = use(stripeFor(publishableKey));
  if (!stripe) throw new TypeError('Stripe.js did not load');
  return (
    <EmbeddedCheckoutProvider
      stripe={stripe}
      options={{ fetchClientSecret: () => Promise.resolve(clientSecret) }}
    >
      <EmbeddedCheckout />
    </EmbeddedCheckoutProvider>
  );
}
