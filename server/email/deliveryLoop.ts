/**
 * The rounds of a sender of rows queued in the database (the email outbox, the conversions): a
 * round delivers what is due; kick() starts one soon, and asks for another when one is running
 * (so a row queued meanwhile is not left for the timer); a round that failed (the database away)
 * is tried again after `retryAfterErrorMs`; a timer looks for rows that came due (retries, rows
 * another instance queued). stop() ends the rounds and waits for the one running.
 */
export interface DeliveryLoop {
  kick(): void;
  /** Runs rounds until none was asked for meanwhile; resolves with the number delivered. */
  flush(): Promise<number>;
  /** True once stop() was called: a round hands back what it has not started. */
  readonly stopped: boolean;
  stop(): Promise<void>;
}

export interface DeliveryLoopOptions {
  round: () => Promise<number>;
  /** How often due rows are looked for. */
  intervalMs: number;
  retryAfterErrorMs: number;
  onError: (error: unknown) => void;
}

export function createDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  async function loop(): Promise<number> {
    let total = 0;
    do {
      again = false;
      total += await options.round();
    } while (again && !stopped);
    return total;
  }

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick(): void {
    if (stopped) return;
    void flush().catch((error: unknown) => {
      options.onError(error);
      // The database was away: try again soon rather than at the next timer's round.
      if (!stopped && !retryTimer) {
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          kick();
        }, options.retryAfterErrorMs);
        retryTimer.unref();
      }
    });
  }

  // Unref'd: it never keeps the process alive on its own. Each round is one read of the pending
  // rows' partial index.
  const timer = setInterval(() => kick(), options.intervalMs);
  timer.unref();

  return {
    kick,
    flush,
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retryTimer);
      await running?.catch(() => undefined);
    },
  };
}
