import type { FastifyInstance } from 'fastify';
import { renderOutboxPage } from '../email/outboxPage.ts';

/**
 * GET /api/dev/outbox: registered only when SMTP is not configured and APP_ENV is development,
 * because the page shows visitors' email addresses.
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/dev/outbox', async (_request, reply) => {
    const emails = await app.repo.listOutbox(50);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'",
      )
      .send(renderOutboxPage(emails));
  });
}
