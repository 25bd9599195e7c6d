import type { Repository } from '../storage/repository.ts';
import type { CounterHit, CounterStore } from './counterStore.ts';

/**
 * The abuse-limit counters in the application's own database (table rate_limit_counters): every
 * instance on one database counts into the same row per key and fixed window, with one atomic
 * upsert-increment per hit, so a limit holds however many instances share the load.
 */
export function createDatabaseCounterStore(repo: Pick<Repository, 'hitCounter'>): CounterStore {
  return {
    async hit(key: string, windowMs: number, nowMs: number): Promise<CounterHit> {
      if (!Number.isInteger(windowMs) || windowMs <= 0)
        throw new Error(
          `windowMs must be a positive whole number of milliseconds (got ${windowMs})`,
        );
      // Fixed windows aligned to the epoch, so every instance puts a hit in the same window.
      const windowStart = Math.floor(nowMs / windowMs) * windowMs;
      const resetAtMs = windowStart + windowMs;
      const count = await repo.hitCounter(key, windowStart, resetAtMs);
      return { count, resetAtMs };
    },
  };
}
