import type { Kysely } from 'kysely';
import type { CounterRepository } from '../repository.ts';
import type { Schema } from '../schema.ts';

/** The abuse limits' counters: one atomic upsert-increment per key and window. */
export function counterRepository(db: Kysely<Schema>): CounterRepository {
  let hitsSinceSweep = 0;

  return {
    async hitCounter(key, windowStart, resetAt, hits = 1) {
      // Insert the window's first hits or add them, in one statement: atomic on both engines.
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ counter_key: key, window_start: windowStart, hits, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict
            .columns(['counter_key', 'window_start'])
            .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', hits) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= 1000) {
        // Finished windows are never read again; clear them now and then, off the caller's path.
        hitsSinceSweep = 0;
        void db
          .deleteFrom('rate_limit_counters')
          .where('reset_at', '<', windowStart)
          .execute()
          .catch(() => undefined);
      }
      return row.hits;
    },
  };
}
