import type { FastifyBaseLogger } from 'fastify';
import type { ReconcileSettings } from '../config.ts';
import type { Metrics, ReconcileOutcome } from '../http/metrics.ts';
import type { OrderService } from '../services/orders.ts';
import type { OrderRecord, OrderRepository } from '../storage/repository.ts';
import type { LiveStatus, PaymentAdapter, PaymentEvent } from './types.ts';

/**
 * Settles what the payment provider's webhook missed (network, a wrong secret, an outage here):
 * every round asks the provider about orders still open or processing some minutes after they
 * were created, and hands what it says to applyPaymentEvent, the function the webhook calls, so a
 * paid order is fulfilled exactly once (a conditional update in the database) and everything
 * fulfilment queues (the confirmation email) follows as if the webhook had come.
 *
 * Safe on several instances: each order is taken by a conditional update of its checked_at
 * (repository.claimOrdersToReconcile), so one instance asks about it per period and a crash
 * midway only delays it to the next period; nothing is held in memory between rounds.
 */
export interface ReconcileJob {
  /** One round; resolves with what it did to each order it asked about. */
  runOnce(): Promise<ReconcileOutcome[]>;
  start(): void;
  stop(): Promise<void>;
}

/** Orders older than this are left alone: their session is gone or belongs to another account. */
export const RECONCILE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface ReconcileDeps {
  repo: OrderRepository;
  payments: PaymentAdapter;
  orders: OrderService;
  metrics: Metrics;
  log: FastifyBaseLogger;
  now: () => number;
  settings: ReconcileSettings;
}

/** The webhook event the provider would have sent for this status, if any. */
export function eventForLiveStatus(live: LiveStatus, sessionId: string): PaymentEvent | undefined {
  if (live.paid) return { kind: 'paid', sessionId };
  switch (live.status) {
    case 'processing':
    case 'failed':
    case 'expired':
      return { kind: live.status, sessionId };
    default:
      return undefined;
  }
}

function outcomeOf(before: OrderRecord, after: string | undefined): ReconcileOutcome {
  if (after === undefined || after === before.status) return 'unchanged';
  switch (after) {
    case 'completed':
      return 'fulfilled';
    case 'expired':
    case 'failed':
    case 'canceled':
    case 'processing':
      return after;
    default:
      return 'unchanged';
  }
}

export function createReconcileJob(deps: ReconcileDeps): ReconcileJob {
  const { repo, payments, orders, metrics, log, now, settings } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ReconcileOutcome[]> | undefined;

  async function reconcileOne(order: OrderRecord): Promise<ReconcileOutcome> {
    const sessionId = order.paymentSessionId;
    if (!sessionId) return 'unchanged';
    const live = await payments.getStatus(sessionId);
    if (!live) return 'unchanged';
    const event = eventForLiveStatus(live, sessionId);
    if (event) await orders.applyPaymentEvent(event);
    else if (live.status === 'canceled')
      await repo.transitionOrder(order.id, ['open', 'processing'], 'canceled', now());
    const outcome = outcomeOf(order, (await repo.getOrderStatus(order.id))?.status);
    if (outcome === 'fulfilled') {
      log.info(
        { orderId: order.id, partnerId: order.partnerId },
        'reconcile: order paid at the provider but its webhook never came; fulfilled now',
      );
    } else if (outcome !== 'unchanged') {
      log.info({ orderId: order.id, status: outcome }, 'reconcile: order settled at the provider');
    }
    return outcome;
  }

  async function round(): Promise<ReconcileOutcome[]> {
    const at = now();
    const taken = await repo.claimOrdersToReconcile({
      provider: payments.provider,
      createdBefore: at - settings.afterMs,
      createdAfter: at - RECONCILE_MAX_AGE_MS,
      checkedBefore: at - settings.afterMs,
      limit: settings.batchSize,
      at,
    });
    const outcomes: ReconcileOutcome[] = [];
    for (const order of taken) {
      let outcome: ReconcileOutcome;
      try {
        outcome = await reconcileOne(order);
      } catch (error) {
        // Asked again next period (checked_at is set); the provider or the database was away.
        log.warn({ err: error, orderId: order.id }, 'reconcile: could not settle an order');
        outcome = 'error';
      }
      metrics.reconciled(outcome);
      outcomes.push(outcome);
    }
    if (taken.length === settings.batchSize) {
      log.warn(
        { batchSize: settings.batchSize },
        'reconcile: a full batch of unsettled orders; the rest wait for the next round (RECONCILE_BATCH_SIZE)',
      );
    }
    return outcomes;
  }

  function runOnce(): Promise<ReconcileOutcome[]> {
    // One round at a time per instance: a slow provider never stacks rounds up.
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      if (timer || settings.intervalMs === 0) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) =>
          log.warn({ err: error }, 'reconcile: round failed (database away?); trying next round'),
        );
      }, settings.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
