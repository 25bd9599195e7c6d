import type { FastifyInstance } from 'fastify';
import type { ConsentAnswer } from '../../src/config/consentRule.ts';
import { consentCookie } from '../../src/services/measurement/consentCookie.ts';
import { ApiError, sendError } from '../http/errors.ts';

/**
 * POST /api/consent: the consent notice's answer when the page's script has not run (yet, or at
 * all: a slow phone, a blocked or failed script file). The notice's buttons are a plain form
 * (src/services/consent/notice.ts); once the measuring code has started it takes the click in the
 * page, and without it the browser posts here. The answer is saved in the same first-party cookie
 * the page writes, and the visitor goes back to the page they were on, where the remembered
 * choice hides the notice before the first paint. Nothing is stored on the server.
 *
 * Only our own pages may send it: a form on another site must not set a visitor's choice.
 */
const choices: Record<string, ConsentAnswer> = { accept: 'granted', reject: 'denied' };

/** The same-origin page the answer came from (path and query), else the site's root. */
export function pageToReturnTo(referer: string | undefined, host: string | undefined): string {
  if (!referer || !host) return '/';
  try {
    const url = new URL(referer);
    if (url.host !== host || !/^https?:$/.test(url.protocol)) return '/';
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

/** Whether the request comes from one of our own pages (the browser's own say, else Origin). */
function fromOwnPage(headers: Record<string, string | string[] | undefined>): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

export async function consentRoutes(app: FastifyInstance): Promise<void> {
  // Secure (https only) on a site served over https.
  const secureCookie = app.config.publicBaseUrl.startsWith('https:');
  // A form's body, in this route's own scope: one short field.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 256 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // No rate limit: it writes nothing on the server, and answers only our own pages.
  app.post<{ Body: Record<string, string> | undefined }>('/api/consent', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!fromOwnPage(request.headers)) {
      return sendError(
        reply,
        new ApiError(403, 'unauthorized', 'A cookie choice can only be made on our own pages.'),
      );
    }
    const answer = choices[request.body?.choice ?? ''];
    if (!answer) {
      return sendError(reply, new ApiError(400, 'invalid_request', 'Choose "accept" or "reject".'));
    }
    reply.header('set-cookie', consentCookie({ analytics: answer, ads: answer }, secureCookie));
    return reply.redirect(pageToReturnTo(request.headers.referer, request.headers.host), 303);
  });
}
