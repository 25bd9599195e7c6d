import type { FastifyInstance } from 'fastify';
import { experimentsEnabled, pageVersions } from '../../src/config/experiments.ts';
import type { VitalsRequest } from '../../src/services/generated/api.ts';
import { isBot, visitorIdFrom } from '../experiments/visitor.ts';
import { contractRef, errorResponses } from '../http/contract.ts';
import { pageViewCounts } from '../report/guardrails.ts';

/**
 * POST /api/vitals: one page view's Core Web Vitals and script error count, sent by
 * navigator.sendBeacon when the page is hidden (src/services/vitals/). Only a counted visitor's
 * view of a page that runs a test of a partner whose experiments are on is kept, as counts added
 * to aggregates (server/report/guardrails.ts); the visitor's id, address and user agent are read
 * to decide that and never stored. Every accepted request answers 204 whether it was kept or not:
 * the browser does not read the answer, and a bot learns nothing from it.
 */
const schema = {
  body: contractRef('vitals.request.schema.json'),
  response: errorResponses,
} as const;

export async function vitalsRoutes(app: FastifyInstance): Promise<void> {
  // The beacon's body is JSON sent as a string, so text/plain: the one type a beacon may carry
  // to any API address (VITE_API_BASE_URL) without a CORS preflight. Read here, in this route's
  // own scope, as JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.post<{ Body: VitalsRequest }>(
    '/api/vitals',
    { schema, bodyLimit: 2048, onRequest: app.limits.perClient('vitals') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const view = request.body;
      const partner = app.partners.get(view.partner);
      const page = partner?.pages[view.page];
      const kept =
        partner !== undefined &&
        page?.experiment !== undefined &&
        experimentsEnabled(partner) &&
        // Bots and scripts get the control and no cookie (server/experiments/): not counted here
        // either, and nor is anybody the test does not count (no cookie: a first request without
        // one, a partner without the cookie, a review address opened by a team member).
        !isBot(request.headers['user-agent']) &&
        visitorIdFrom(request.headers.cookie) !== undefined &&
        pageVersions(page).some((version) => version.id === view.version);
      if (kept) {
        const day = new Date(app.now()).toISOString().slice(0, 10);
        await app.repo.addGuardrailCounts(pageViewCounts(view, day));
      }
      return reply.code(204).send();
    },
  );
}
