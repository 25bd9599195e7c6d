import fp from 'fastify-plugin';
import { createPaymentAdapter } from '../payments/index.ts';
import type { PaymentAdapter } from '../payments/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentAdapter;
  }
}

export interface PaymentsOptions {
  /** A payment adapter of the caller's (tests) instead of the one the settings name. */
  payments?: PaymentAdapter | undefined;
}

/** Stripe with a key, else the built-in test checkout (no charge). */
export const paymentsPlugin = fp<PaymentsOptions>(
  async (app, options) => {
    const payments = options.payments ?? (await createPaymentAdapter(app.config.stripe));
    app.decorate('payments', payments);
    app.addHook('onReady', async () => {
      if (payments.provider === 'test')
        app.log.warn('Test payments are active: orders complete without any charge.');
      if (payments.provider === 'stripe' && !payments.parseWebhook) {
        app.log.warn(
          'STRIPE_WEBHOOK_SECRET is not set: orders are fulfilled only while the visitor polls.',
        );
      }
    });
  },
  { name: 'payments', dependencies: ['core'] },
);
