import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { use, useState } from 'react';
import type { StripeCheckoutProps } from '../../services/services.tsx';

/**
 * Stripe's embedded checkout for a session already opened (StripeSession.tsx). This module is
 * loaded only on the process page, so Stripe.js never reaches the landing page; it runs only when
 * a publishable key is configured.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for this key, or null when it could not load (no network, blocked). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      // Not kept: the visitor's "Try again" loads it anew.
      loaded.delete(publishableKey);
      return null;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export default function StripeCheckout({
  publishableKey,
  clientSecret,
  unavailable,
}: StripeCheckoutProps) {
  const [attempt, setAttempt] = useState(() => stripeFor(publishableKey));
  const stripe = use(attempt);
  if (!stripe) return unavailable(() => setAttempt(stripeFor(publishableKey)));
  return (
    <EmbeddedCheckoutProvider
      stripe={stripe}
      options={{ fetchClientSecret: () => Promise.resolve(clientSecret) }}
    >
      <EmbeddedCheckout />
    </EmbeddedCheckoutProvider>
  );
}
