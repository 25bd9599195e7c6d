import {
  TERMINAL_ORDER_STATUSES,
  type OrderStatus,
  type TerminalOrderStatus,
} from '../../services/generated/api.ts';

/**
 * Spec §4 order statuses: the API contract's terminal ones (schemas/api/terminal-order-status.schema.json)
 * end the polling; anything else is still in progress.
 */
export type { OrderStatus, TerminalOrderStatus };

/** Takes any string: a status this build does not know yet (a newer server) counts as in progress. */
export function isTerminal(status: string | undefined): status is TerminalOrderStatus {
  return (TERMINAL_ORDER_STATUSES as readonly string[]).includes(status ?? '');
}

/**
 * Polling delay: every second as the spec asks while the server answers; after failed requests
 * (a dropped connection) back off 2 s, 4 s, 8 s... up to 15 s, and go back to 1 s once it answers.
 */
export function pollDelay(consecutiveFailures: number, intervalMs: number): number {
  if (consecutiveFailures === 0) return intervalMs;
  return Math.min(intervalMs * 2 ** consecutiveFailures, 15_000);
}
