import type { StripeSettings } from '../config.ts';
import { createStripeAdapter } from './stripeAdapter.ts';
import { createTestPaymentAdapter } from './testProvider.ts';
import type { PaymentAdapter } from './types.ts';

/** Stripe when a secret key is configured, otherwise the no-charge test provider. */
export function createPaymentAdapter(settings: StripeSettings): PaymentAdapter {
  const { secretKey } = settings;
  return secretKey ? createStripeAdapter({ ...settings, secretKey }) : createTestPaymentAdapter();
}
