import fp from 'fastify-plugin';
import { createBatchedCounterStore } from '../rateLimit/batchedCounterStore.ts';
import type { CounterStore } from '../rateLimit/counterStore.ts';
import { createDatabaseCounterStore } from '../rateLimit/databaseCounterStore.ts';
import { createLimiter, type Limiter } from '../rateLimit/limits.ts';
import { createMemoryCounterStore } from '../rateLimit/memoryCounterStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The abuse limits (per client address and per signup). */
    limits: Limiter;
  }
}

export interface RateLimitsOptions {
  /**
   * Where the abuse limits count. Defaults to this process's memory with SQLite, the database
   * with Postgres; give every instance the same shared store so that a limit holds across them.
   */
  counterStore?: CounterStore | undefined;
}

export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, options) => {
    const { config, repo } = app;
    // Instances sharing Postgres count together; the embedded SQLite default is one process.
    const shared = options.counterStore === undefined && config.databaseUrl !== undefined;
    const store =
      options.counterStore ??
      (shared ? createDatabaseCounterStore(repo) : createMemoryCounterStore());
    app.decorate(
      'limits',
      createLimiter(
        store,
        config.rateLimits,
        app.now,
        shared
          ? createBatchedCounterStore(repo, {
              onError: (error) => app.log.warn({ err: error }, 'rate-limit counters not written'),
            })
          : store,
      ),
    );
  },
  { name: 'rate-limits', dependencies: ['core', 'storage'] },
);
