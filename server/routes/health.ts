import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '../../src/services/generated/api.ts';
import { contractRef } from '../http/contract.ts';
import type { Repository } from '../storage/repository.ts';

/** A database that has not answered in this long counts as down: the load balancer moves on. */
export const HEALTH_DB_TIMEOUT_MS = 2000;

async function databaseUp(repo: Repository, log: FastifyInstance['log']): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${HEALTH_DB_TIMEOUT_MS} ms`)),
      HEALTH_DB_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([repo.ping(), timeout]);
    return true;
  } catch (error) {
    log.error({ err: error }, 'health check: the database did not answer');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness for load balancers and orchestrators: GET /health (and /api/health, for a proxy that
 * forwards /api only) answers 200 when this instance's database answers, 503 otherwise, so a
 * balancer stops sending visitors to an instance that would fail them.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    response: {
      200: contractRef('health.response.schema.json'),
      503: contractRef('health.response.schema.json'),
    },
  };
  for (const url of ['/health', '/api/health']) {
    app.get(url, { logLevel: 'warn', schema }, async (request, reply) => {
      const up = await databaseUp(app.storage, request.log);
      const body: HealthResponse = { ok: up, database: up ? 'up' : 'down' };
      return reply
        .code(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    });
  }
}
