import type { CounterRepository } from '../storage/repository.ts';
import { fixedWindow, type CounterHit, type CounterStore } from './counterStore.ts';

/** One key's count in its current window, as this instance knows it. */
interface WindowCount {
  windowStart: number;
  resetAt: number;
  /** The shared count the database answered at the last flush (every instance's hits). */
  known: number;
  /** Hits counted here and being written now. */
  inFlight: number;
  /** Hits counted here since the last flush. */
  pending: number;
}

export interface BatchedCounterStore extends CounterStore {
  /** Writes every pending hit now (tests; a stopping server may skip it: the loss is small). */
  flush(): Promise<void>;
}

/**
 * The database counters for a limit that is hit often (status polling: each open checkout polls
 * once a second). Counting every poll with its own upsert would make every poll a database write;
 * instead each instance counts in memory and adds its hits to the shared row once per
 * `flushIntervalMs`, learning the other instances' hits from the answer. A hit is answered at
 * once from memory. The price: a client spreading requests over n instances can pass the limit by
 * what n - 1 instances count in one interval, which is fine for an abuse limit (300 polls a
 * minute, the interval 250 ms) and not for a tight one: signup and checkout keep one upsert per
 * hit (databaseCounterStore.ts).
 */
export function createBatchedCounterStore(
  repo: CounterRepository,
  options: { flushIntervalMs?: number; onError?: (error: unknown) => void } = {},
): BatchedCounterStore {
  const flushIntervalMs = options.flushIntervalMs ?? 250;
  const counts = new Map<string, WindowCount>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  async function writeAll(): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const [key, entry] of counts) {
      if (entry.pending === 0) {
        // A finished window with nothing left to write is never read again.
        if (entry.inFlight === 0 && entry.resetAt <= Date.now()) counts.delete(key);
        continue;
      }
      const adding = entry.pending;
      entry.pending = 0;
      entry.inFlight += adding;
      writes.push(
        repo.hitCounter(key, entry.windowStart, entry.resetAt, adding).then(
          (shared) => {
            entry.inFlight -= adding;
            // The answer includes these hits; hits counted meanwhile stay pending on top.
            entry.known = Math.max(entry.known, shared - entry.inFlight);
          },
          (error: unknown) => {
            // Put them back for the next flush: a database blip must not forget hits.
            entry.inFlight -= adding;
            entry.pending += adding;
            options.onError?.(error);
          },
        ),
      );
    }
    await Promise.all(writes);
    if (![...counts.values()].some((entry) => entry.pending > 0)) stopTimer();
  }

  function flush(): Promise<void> {
    // One flush at a time, so a key's answers arrive in the order its writes were sent.
    flushing ??= writeAll().finally(() => (flushing = undefined));
    return flushing;
  }

  function startTimer() {
    if (timer) return;
    timer = setInterval(() => void flush(), flushIntervalMs);
    // Never what keeps a stopping process alive.
    timer.unref();
  }
  function stopTimer() {
    if (timer) clearInterval(timer);
    timer = undefined;
  }

  return {
    async hit(key, windowMs, nowMs): Promise<CounterHit> {
      const { start: windowStart, resetAt } = fixedWindow(windowMs, nowMs);
      let entry = counts.get(key);
      if (!entry || entry.windowStart !== windowStart) {
        if (entry && entry.pending > 0) {
          // The old window's last hits still go to its own row.
          const old = entry;
          void repo
            .hitCounter(key, old.windowStart, old.resetAt, old.pending)
            .catch(options.onError ?? (() => undefined));
        }
        entry = { windowStart, resetAt, known: 0, inFlight: 0, pending: 0 };
        counts.set(key, entry);
      }
      entry.pending += 1;
      startTimer();
      return { count: entry.known + entry.inFlight + entry.pending, resetAtMs: resetAt };
    },
    flush,
  };
}
