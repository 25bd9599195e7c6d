/** Spec §4 order statuses: these four end the polling; anything else is still in progress. */
export const terminalStatuses = ['completed', 'canceled', 'expired', 'failed'] as const;
export type TerminalStatus = (typeof terminalStatuses)[number];

export function isTerminal(status: string | undefined): status is TerminalStatus {
  return (terminalStatuses as readonly string[]).includes(status ?? '');
}

/**
 * Polling delay: every second as the spec asks while the server answers; after failed requests
 * (a dropped connection) back off 2 s, 4 s, 8 s... up to 15 s, and go back to 1 s once it answers.
 */
export function pollDelay(consecutiveFailures: number, intervalMs: number): number {
  if (consecutiveFailures === 0) return intervalMs;
  return Math.min(intervalMs * 2 ** consecutiveFailures, 15_000);
}
