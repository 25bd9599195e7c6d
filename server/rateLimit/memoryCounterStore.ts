import { fixedWindow, type CounterHit, type CounterStore } from './counterStore.ts';

/**
 * The embedded default CounterStore: fixed windows counted in this process's memory. It holds a
 * limit for one instance only; several instances behind a load balancer need a shared store (a
 * database-backed CounterStore given to each instance through buildServer's `counterStore`).
 */
export interface MemoryCounterStoreOptions {
  /** Expired windows are dropped at most this often (ms), so memory follows the live clients. */
  sweepIntervalMs?: number;
}

interface Window {
  count: number;
  resetAtMs: number;
}

export interface MemoryCounterStore extends CounterStore {
  /** Keys with a live window (for tests and diagnostics). */
  readonly size: number;
}

export function createMemoryCounterStore(
  options: MemoryCounterStoreOptions = {},
): MemoryCounterStore {
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  const windows = new Map<string, Window>();
  let nextSweepMs = 0;

  function sweep(nowMs: number): void {
    if (nowMs < nextSweepMs) return;
    nextSweepMs = nowMs + sweepIntervalMs;
    for (const [key, window] of windows) if (window.resetAtMs <= nowMs) windows.delete(key);
  }

  return {
    get size() {
      return windows.size;
    },
    async hit(key: string, windowMs: number, nowMs: number): Promise<CounterHit> {
      sweep(nowMs);
      // The same windows as every store (fixedWindow), so all stores agree where one starts.
      const resetAtMs = fixedWindow(windowMs, nowMs).resetAt;
      const current = windows.get(key);
      if (current && current.resetAtMs === resetAtMs) {
        current.count += 1;
        return { count: current.count, resetAtMs };
      }
      windows.set(key, { count: 1, resetAtMs });
      return { count: 1, resetAtMs };
    },
  };
}
