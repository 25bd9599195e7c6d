import type { FastifyInstance } from 'fastify';
import type { PageVersionQuery, PageVersionResponse } from '../../src/services/generated/api.ts';
import { contractRef, errorResponses } from '../http/contract.ts';
import { ApiError } from '../http/errors.ts';

/**
 * GET /api/page-version?partner=&page= : the version of a page the app opens without loading it
 * from the server (the claim-offer page, right after signup, keeps the signup in navigation
 * state). The visitor is put in a version and counted exactly as a page load would be
 * (server/experiments/pageVersions.ts); the answer depends on the visitor's cookie, so no cache
 * keeps it.
 */
const schema = {
  querystring: contractRef('page-version.query.schema.json'),
  response: { 200: contractRef('page-version.response.schema.json'), ...errorResponses },
} as const;

export async function pageVersionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: PageVersionQuery }>(
    '/api/page-version',
    { schema },
    async (request, reply): Promise<PageVersionResponse> => {
      const { partner, page } = request.query;
      const version = app.pageVersions.versionFor(request, reply, partner, page);
      if (version === undefined) {
        throw new ApiError(404, 'not_found', 'There is no such page of this partner.');
      }
      reply.header('cache-control', 'private, no-store');
      return { page, version };
    },
  );
}
