import type { FastifyInstance } from 'fastify';
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

export async function freeClaimRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: FreeClaimConfirmRequest }>(
    '/api/landing/confirm-free-claim',
    // Counted with the checkouts: the claim is the free offer's checkout step.
    { schema: confirmSchema, onRequest: app.limits.perClient('checkout') },
    async (request) =>
      app.orders.confirmFreeClaim(request.body.orderId, request.body.clientSecret, {
        language: request.body.language,
      }),
  );
}
