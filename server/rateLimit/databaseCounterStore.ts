import type { CounterRepository } from '../storage/repository.ts';
import { fixedWindow, type CounterHit, type CounterStore } from './counterStore.ts';

/**
 * The abuse-limit counters in the application's own database (table rate_limit_counters): every
 * instance on one database counts into the same row per key and fixed window, with one atomic
 * upsert-increment per hit, so a limit holds however many instances share the load.
 */
export function createDatabaseCounterStore(repo: CounterRepository): CounterStore {
  return {
    async hit(key: string, windowMs: number, nowMs: number): Promise<CounterHit> {
      const { start, resetAt } = fixedWindow(windowMs, nowMs);
      const count = await repo.hitCounter(key, start, resetAt);
      return { count, resetAtMs: resetAt };
    },
  };
}
