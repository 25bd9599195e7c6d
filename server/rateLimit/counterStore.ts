/**
 * A fixed-window hit counter for the API's abuse limits. Every API instance that is given the same
 * store sees the same counts, so a limit holds across instances: the in-memory store serves one
 * process (the embedded default), the database store serves several instances sharing a database.
 */
export interface CounterHit {
  /** Hits for this key in the current window, this one included. */
  count: number;
  /** When the current window ends (epoch milliseconds). */
  resetAtMs: number;
}

export interface CounterStore {
  /** Counts one hit for `key` in the window of `windowMs` that contains `nowMs`. */
  hit(key: string, windowMs: number, nowMs: number): Promise<CounterHit>;
}

/**
 * The fixed window of `windowMs` that holds `nowMs`, aligned to the epoch so that every instance
 * puts a hit in the same window. Throws on a window that is not a positive whole number of ms.
 */
export function fixedWindow(windowMs: number, nowMs: number): { start: number; resetAt: number } {
  if (!Number.isInteger(windowMs) || windowMs <= 0)
    throw new Error(`windowMs must be a positive whole number of milliseconds (got ${windowMs})`);
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return { start, resetAt: start + windowMs };
}
