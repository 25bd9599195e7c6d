import type { FastifyInstance } from 'fastify';
import {
  ORDER_STATUSES,
  type CheckoutSessionRequest,
  type CheckoutStatusQuery,
  type OrderStatus,
} from '../../src/services/generated/api.ts';
import { contractRef, errorResponses } from '../http/contract.ts';
import { visitorIdFrom } from '../experiments/visitor.ts';
import { ApiError } from '../http/errors.ts';
import type { StatusView } from '../services/orders.ts';

/** POST /api/stripe/api/create-checkout-session and GET /api/stripe/api/checkout-status. */
const createSessionSchema = {
  body: contractRef('checkout-session.request.schema.json'),
  response: { 200: contractRef('checkout-session.response.schema.json'), ...errorResponses },
} as const;

const statusSchema = {
  querystring: contractRef('checkout-status.query.schema.json'),
  response: {
    // Documents the answer; the route sends statusJson()'s ready string, which matches it.
    200: contractRef('checkout-status.response.schema.json'),
    ...errorResponses,
  },
} as const;

/**
 * The polled answer as bytes ready to send. Without a claim token the body depends on the status
 * alone, so each is built once; a claim token is a JWT (base64url and dots), which needs no JSON
 * escaping, so it is spliced in (anything else goes through JSON.stringify).
 */
const statusOnlyBodies = new Map<OrderStatus, string>(
  ORDER_STATUSES.map((status) => [status, JSON.stringify({ status })]),
);
const jwtCharacters = /^[\w.-]+$/;

export function statusJson(view: StatusView): string {
  if (view.claimToken === undefined) {
    return statusOnlyBodies.get(view.status) ?? JSON.stringify({ status: view.status });
  }
  return jwtCharacters.test(view.claimToken)
    ? `{"status":"${view.status}","claimToken":"${view.claimToken}"}`
    : JSON.stringify({ status: view.status, claimToken: view.claimToken });
}

/** Thin: the order service applies the checkout's rules (services/checkoutRequest.ts). */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CheckoutSessionRequest }>(
    '/api/stripe/api/create-checkout-session',
    { schema: createSessionSchema, onRequest: app.limits.perClient('checkout') },
    async (request) => {
      const { body, headers } = request;
      return app.orders.openCheckout({
        actionToken: body.actionToken,
        email: body.customer_email,
        returnUrl: body.return_url,
        campaignId: body.campaignId,
        language: body.language,
        log: request.log,
        visitorId: visitorIdFrom(headers.cookie) ?? null,
        consentNow: {
          cookie: headers.cookie,
          gpc: typeof headers['sec-gpc'] === 'string' ? headers['sec-gpc'] : undefined,
        },
      });
    },
  );

  app.get<{ Querystring: CheckoutStatusQuery }>(
    '/api/stripe/api/checkout-status',
    // Polled every second by every visitor on the return page: keep it out of the info log.
    { schema: statusSchema, logLevel: 'warn', onRequest: app.limits.perClient('status') },
    async (request, reply) => {
      const result = await app.orders.readStatus(request.query.orderId, request.query.t);
      if (!result) throw new ApiError(404, 'order_not_found', 'We could not find this order.');
      // A ready string: Fastify sends it as is, with no serialisation per poll.
      return reply.type('application/json; charset=utf-8').send(statusJson(result));
    },
  );
}
