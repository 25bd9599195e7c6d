import fp from 'fastify-plugin';
import { createOrderService, type OrderService } from '../services/orders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
  }
}

/** The order flow: checkouts, free claims, the status poll, payment events and fulfilment. */
export const ordersPlugin = fp(
  async (app) => {
    app.decorate(
      'orders',
      createOrderService({
        repo: app.repo,
        payments: app.payments,
        tokens: app.tokens,
        partners: app.partners,
        limits: app.limits,
        confirmations: app.email.confirmations,
        onEmailQueued: app.email.queued,
        conversions: app.conversions.planner,
        onConversionsQueued: app.conversions.queued,
        liveMode: app.config.liveMode,
        publicBaseUrl: app.config.publicBaseUrl,
        now: app.now,
        log: app.log,
      }),
    );
  },
  {
    name: 'orders',
    dependencies: [
      'core',
      'storage',
      'payments',
      'tokens',
      'partners',
      'rate-limits',
      'email',
      'conversions',
    ],
  },
);
