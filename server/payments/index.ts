import type { StripeSettings } from '../config.ts';
import { createTestPaymentAdapter } from './testProvider.ts';
import type { PaymentAdapter } from './types.ts';

/**
 * Stripe when a secret key is configured, otherwise the no-charge test provider. The Stripe SDK
 * (about 20 MB of memory once loaded) is loaded only when it is used.
 */
export async function createPaymentAdapter(settings: StripeSettings): Promise<PaymentAdapter> {
  const { secretKey } = settings;
  if (!secretKey) return createTestPaymentAdapter();
  const { createStripeAdapter } = await import('./stripeAdapter.ts');
  return createStripeAdapter({ ...settings, secretKey });
}
