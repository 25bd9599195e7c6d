import fp from 'fastify-plugin';
import { meteredRepository } from '../http/metrics.ts';
import { databaseTarget } from '../storage/database.ts';
import { openRepository } from '../storage/kyselyRepository.ts';
import type { Repository } from '../storage/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every aggregate's repository, with the order status changes it writes counted. */
    repo: Repository;
    /** The same, uncounted: readiness checks and the queue gauges read it. */
    storage: Repository;
  }
}

export interface StorageOptions {
  /** A repository of the caller's (tests) instead of the database the settings name. */
  repository?: Repository | undefined;
}

/**
 * The database (SQLite, or Postgres with DATABASE_URL), migrated on open. Closed last of all:
 * every plugin that writes to it was registered after this one, so it stops first.
 */
export const storagePlugin = fp<StorageOptions>(
  async (app, options) => {
    const storage = options.repository ?? (await openRepository(databaseTarget(app.config)));
    app.decorate('storage', storage);
    app.decorate('repo', meteredRepository(storage, app.metrics));
    app.addHook('onClose', async () => {
      await storage.close();
    });
  },
  { name: 'storage', dependencies: ['core', 'metrics'] },
);
