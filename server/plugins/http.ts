import fp from 'fastify-plugin';
import { registerContract } from '../http/contract.ts';
import { installErrorHandling } from '../http/errors.ts';
import { applyBaseSecurityHeaders } from '../http/securityHeaders.ts';
import { installTurnBudget } from '../http/turnBudget.ts';

/**
 * What every answer shares: the contract's schemas, the error format, the turn budget and the
 * security headers. Registered before any route, so its hooks run first.
 */
export const httpPlugin = fp(
  async (app) => {
    registerContract(app);
    installErrorHandling(app);
    // First of the onRequest hooks: under overload the loop keeps turning and accepting.
    installTurnBudget(app);
    // Synchronous: no promise per response on the hot paths. The request id is sent back so a
    // visitor's report ("it failed at 10:02, id ...") finds the log lines.
    app.addHook('onRequest', (request, reply, done) => {
      applyBaseSecurityHeaders(reply, request.url);
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'http' },
);
