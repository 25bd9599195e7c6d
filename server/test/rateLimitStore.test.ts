import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatchedCounterStore } from '../rateLimit/batchedCounterStore.ts';
import { createDatabaseCounterStore } from '../rateLimit/databaseCounterStore.ts';
import type { DatabaseTarget } from '../storage/database.ts';
import { openRepository, type OpenedRepository } from '../storage/kyselyRepository.ts';
import { tempDir } from './helpers.ts';
import { ENGINES, freshPostgresUrl } from './postgres/database.ts';

const run = promisify(execFile);
const MINUTE = 60_000;
const ascending = (counts: number[]) => [...counts].sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe.each(ENGINES)('database counter store on %s', (engine) => {
  let temp: ReturnType<typeof tempDir>;
  let target: DatabaseTarget;
  const opened: OpenedRepository[] = [];
  const open = async () => {
    const repo = await openRepository(target);
    opened.push(repo);
    return repo;
  };
  beforeEach(async () => {
    temp = tempDir();
    target =
      engine === 'sqlite'
        ? { engine, path: join(temp.dir, 'counters.db') }
        : { engine, url: await freshPostgresUrl(), poolSize: 4 };
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((repo) => repo.close()));
    temp.remove();
  });

  it('counts hits per key in fixed windows and says when each window ends', async () => {
    const store = createDatabaseCounterStore(await open());
    const start = 10 * MINUTE; // a window boundary
    expect(await store.hit('signup:203.0.113.7', MINUTE, start + 5)).toEqual({
      count: 1,
      resetAtMs: start + MINUTE,
    });
    expect(await store.hit('signup:203.0.113.7', MINUTE, start + MINUTE - 1)).toEqual({
      count: 2,
      resetAtMs: start + MINUTE,
    });
    expect((await store.hit('signup:198.51.100.1', MINUTE, start + 10)).count).toBe(1);
    // The next window starts again from one.
    expect(await store.hit('signup:203.0.113.7', MINUTE, start + MINUTE)).toEqual({
      count: 1,
      resetAtMs: start + 2 * MINUTE,
    });
    await expect(store.hit('signup:x', 0, start)).rejects.toThrow(/windowMs/);
  });

  it('shares counts between two server contexts on one database, hit for hit', async () => {
    const a = createDatabaseCounterStore(await open());
    const b = createDatabaseCounterStore(await open());
    const counts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).hit('poll:order-1', MINUTE, 5)),
    );
    expect(ascending(counts.map((hit) => hit.count))).toEqual(oneTo(30));
  });

  it('batches frequent hits: answered from memory, written once per flush, shared by instances', async () => {
    const repo = await open();
    const writes: number[] = [];
    const counting = {
      hitCounter: (key: string, windowStart: number, resetAt: number, hits = 1) => {
        writes.push(hits);
        return repo.hitCounter(key, windowStart, resetAt, hits);
      },
    };
    // A long interval: the test flushes by hand.
    const a = createBatchedCounterStore(counting, { flushIntervalMs: 60_000 });
    const b = createBatchedCounterStore(counting, { flushIntervalMs: 60_000 });
    const start = 20 * MINUTE;
    for (let i = 1; i <= 5; i += 1) {
      expect(await a.hit('status:203.0.113.7', MINUTE, start + i)).toEqual({
        count: i,
        resetAtMs: start + MINUTE,
      });
    }
    expect(writes).toEqual([]);
    await a.flush();
    // Five hits, one write.
    expect(writes).toEqual([5]);
    // The other instance learns of them at its own first flush, and counts on from there.
    expect((await b.hit('status:203.0.113.7', MINUTE, start + 10)).count).toBe(1);
    await b.flush();
    expect((await b.hit('status:203.0.113.7', MINUTE, start + 11)).count).toBe(7);
    expect((await a.hit('status:203.0.113.7', MINUTE, start + 12)).count).toBe(6);
    await a.flush();
    expect((await a.hit('status:203.0.113.7', MINUTE, start + 13)).count).toBe(8);
    // An exact store on the same rows agrees with the total written.
    await a.flush();
    await b.flush();
    const exact = createDatabaseCounterStore(repo);
    expect((await exact.hit('status:203.0.113.7', MINUTE, start + 14)).count).toBe(10);
    // A new window starts from one; the old window's last hits still reach its own row.
    expect((await a.hit('status:203.0.113.7', MINUTE, start + MINUTE)).count).toBe(1);
    await expect(a.hit('status:x', 0, start)).rejects.toThrow(/windowMs/);
  });

  it('keeps batched hits through a failed write and writes them with the next flush', async () => {
    const repo = await open();
    let failNext = true;
    const errors: unknown[] = [];
    const flaky = {
      hitCounter: (key: string, windowStart: number, resetAt: number, hits = 1) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('connection reset'));
        }
        return repo.hitCounter(key, windowStart, resetAt, hits);
      },
    };
    const store = createBatchedCounterStore(flaky, {
      flushIntervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    const start = 30 * MINUTE;
    await store.hit('status:198.51.100.9', MINUTE, start + 1);
    await store.hit('status:198.51.100.9', MINUTE, start + 2);
    await store.flush();
    expect(errors).toHaveLength(1);
    expect((await store.hit('status:198.51.100.9', MINUTE, start + 3)).count).toBe(3);
    await store.flush();
    const exact = createDatabaseCounterStore(repo);
    expect((await exact.hit('status:198.51.100.9', MINUTE, start + 4)).count).toBe(4);
  });

  it('shares counts between two processes on one database', async () => {
    // Migrated first, so the two processes only count.
    await open();
    const script = join(import.meta.dirname, 'fixtures', 'counterHits.ts');
    const outputs = await Promise.all(
      [1, 2].map(() =>
        run(process.execPath, ['--import', 'tsx', script, JSON.stringify(target), '15', 'k', '7']),
      ),
    );
    const counts = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as number[]);
    expect(ascending(counts)).toEqual(oneTo(30));
  }, 40_000);
});
