import fp from 'fastify-plugin';
import { createReconcileJob } from '../payments/reconcile.ts';

/**
 * Asks the payment provider about orders whose webhook never came (payments/reconcile.ts). Off
 * with the test checkout, which keeps its state in our own database, and with an interval of 0.
 */
export const reconcilePlugin = fp(
  async (app) => {
    const { config, payments } = app;
    if (payments.provider === 'test' || config.reconcile.intervalMs === 0) return;
    const job = createReconcileJob({
      repo: app.repo,
      payments,
      orders: app.orders,
      metrics: app.metrics,
      log: app.log,
      now: app.now,
      settings: config.reconcile,
    });
    app.addHook('onReady', async () => job.start());
    app.addHook('onClose', async () => job.stop());
  },
  { name: 'reconcile', dependencies: ['core', 'storage', 'payments', 'orders', 'metrics'] },
);
