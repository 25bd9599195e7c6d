import type { FastifyBaseLogger } from 'fastify';
import type { OrderRepository, OutboxRepository } from '../storage/repository.ts';
import type { Confirmations } from './confirmations.ts';

/**
 * "Send me my link again": for each of the partner's orders paid (or claimed) with this address
 * whose home profile is not saved yet, a fresh step 2 link is emailed. The caller answers before
 * any of this runs, with the same words whether or not there is such an order, so neither the
 * answer nor its timing tells anyone which addresses bought something.
 */
export interface ResendLinkDeps {
  repo: OrderRepository & OutboxRepository;
  confirmations: Confirmations;
  now: () => number;
  /** Called after an email was queued (the SMTP sender's kick). */
  onEmailQueued: () => void;
  log: FastifyBaseLogger;
}

export interface ResendLinkService {
  /** Starts the look-up and the emails in the background; never throws. */
  request(email: string, partnerId: string): void;
  /** Resolves when the requests started so far are done (the server waits for it when closing). */
  idle(): Promise<void>;
}

export function createResendLinkService(deps: ResendLinkDeps): ResendLinkService {
  const running = new Set<Promise<void>>();

  async function send(email: string, partnerId: string): Promise<void> {
    const orders = await deps.repo.findOrdersAwaitingProfile(email, partnerId);
    for (const order of orders) {
      if (!order.reportId) continue;
      await deps.repo.queueEmail(
        await deps.confirmations.linkAgain({ ...order, reportId: order.reportId }, deps.now()),
      );
      deps.log.info({ orderId: order.id }, 'step 2 link sent again');
    }
    if (orders.length > 0) deps.onEmailQueued();
  }

  return {
    request(email, partnerId) {
      // After the answer has been written (setImmediate runs after this turn's I/O): a known
      // address's look-up, token and email never delay its own answer.
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => send(email, partnerId))
        .catch((error: unknown) => deps.log.error({ err: error }, 'step 2 link not sent again'))
        .finally(() => running.delete(work));
      running.add(work);
    },
    async idle() {
      await Promise.all([...running]);
    },
  };
}
