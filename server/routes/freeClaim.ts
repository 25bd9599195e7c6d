import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FreeClaimConfirmRequest } from '../../src/services/generated/api.ts';
import { contractRef, errorResponses } from '../http/contract.ts';

/**
 * POST /api/landing/confirm-free-claim: the visitor's "Claim my free scan" on the process page of
 * a free offer. create-checkout-session opened the claim (provider "free"); this completes it the
 * way a payment completes a paid order, and answers the return URL the browser goes on to.
 */
const confirmSchema = {
  body: contractRef('free-claim-confirm.request.schema.json'),
  response: { 200: contractRef('free-claim-confirm.response.schema.json'), ...errorResponses },
} as const;

export function freeClaimRoutes(ctx: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post<{ Body: FreeClaimConfirmRequest }>(
      '/api/landing/confirm-free-claim',
      // Counted with the checkouts: the claim is the free offer's checkout step.
      { schema: confirmSchema, onRequest: ctx.limits.perClient('checkout') },
      async (request) =>
        ctx.orders.confirmFreeClaim(request.body.orderId, request.body.clientSecret, {
          language: request.body.language,
        }),
    );
  };
}
