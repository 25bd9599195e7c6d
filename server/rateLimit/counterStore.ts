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
