import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadServerConfig } from '../config.ts';
import { ordersPlugin } from '../plugins/orders.ts';
import { openRepository } from '../storage/kyselyRepository.ts';
import { tempDir } from './helpers.ts';

/**
 * The server is built from plugins (server/plugins/), each naming what it needs and owning its
 * start and stop. The journeys, shutdown and outage tests cover what they do together; these
 * cover the wiring itself.
 */
describe('the server plugins', () => {
  const temp = tempDir();
  afterAll(() => temp.remove());

  it('refuse to load without the plugins they need, naming the missing one', async () => {
    const app = Fastify();
    await expect(app.register(ordersPlugin)).rejects.toThrow(/core/);
  });

  it('close what they opened when the start fails midway, so a retried start leaks no pool', async () => {
    // No TOKEN_SECRET in development: the tokens plugin reads the shared secret from the
    // database, which fails here, after the storage plugin opened it.
    const config = loadServerConfig({ DATABASE_PATH: join(temp.dir, 'start.db') });
    const repo = await openRepository({ engine: 'sqlite', path: join(temp.dir, 'start.db') });
    let closed = 0;
    const repository = Object.assign(Object.create(null) as object, repo, {
      sharedSecret: () => Promise.reject(new Error('the database went away')),
      close: async () => {
        closed += 1;
        await repo.close();
      },
    }) as typeof repo;
    await expect(buildServer({ config, repository })).rejects.toThrow('the database went away');
    expect(closed).toBe(1);
  });
});
