import type { FastifyInstance } from 'fastify';
import type { ReportQuery } from '../../src/services/generated/api.ts';
import { contractRef, errorResponses } from '../http/contract.ts';
import { ApiError, sendError } from '../http/errors.ts';
import { hasMetricsToken } from '../http/metrics.ts';
import { readReport, reportText } from '../report/readReport.ts';

/**
 * GET /api/report: the experiments funnel report (server/report/funnelReport.ts), as JSON in the
 * shape of schemas/api/report.response.schema.json, or as the readable table with ?format=text;
 * ?partner=<id> for one partner, ?touch=first to credit each signup's first visit in the report by
 * source (server/report/sourceReport.ts) rather than its last. Counts only, no personal data, but still the partners' business:
 * with REPORT_TOKEN set it needs that bearer token; a production server without one refuses it, a
 * development server answers anybody.
 */
const schema = {
  querystring: contractRef('report.query.schema.json'),
  response: { 200: contractRef('report.response.schema.json'), ...errorResponses },
} as const;

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ReportQuery }>('/api/report', { schema }, async (request, reply) => {
    const token = app.config.reportToken;
    if (token === undefined && app.config.appEnv === 'production') {
      return sendError(
        reply,
        new ApiError(
          401,
          'unauthorized',
          'The report is off on this server: set REPORT_TOKEN to turn it on.',
        ),
      );
    }
    if (token !== undefined && !hasMetricsToken(request.headers.authorization, token)) {
      return sendError(
        reply.header('www-authenticate', 'Bearer realm="report"'),
        new ApiError(401, 'unauthorized', 'The report needs the bearer token (REPORT_TOKEN).'),
      );
    }
    const { partner, touch } = request.query;
    const report = await readReport(app.repo, app.partners.all(), app.now(), {
      partnerId: partner,
      touch,
    });
    reply.header('cache-control', 'no-store');
    if (request.query.format === 'text') {
      return reply.type('text/plain; charset=utf-8').send(`${reportText(report)}\n`);
    }
    return report;
  });
}
