import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
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
import { checkReturnUrl } from '../services/returnUrl.ts';
import { sameEmail } from '../validation/email.ts';
import { offerClosedText, offerState } from '../../src/config/offer.ts';
import { requestLanguage } from '../services/languages.ts';

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

/**
 * The origins (scheme, host and port) a visitor may be sent back to with live settings: our own
 * public address and the partner's own host names over https. Undefined (any) in development.
 */
function allowedReturnOrigins(
  ctx: AppContext,
  partnerHosts: readonly string[],
): ReadonlySet<string> | undefined {
  if (!ctx.config.liveMode) return undefined;
  return new Set([
    new URL(ctx.config.publicBaseUrl).origin,
    ...partnerHosts.map((host) => `https://${host.toLowerCase()}`),
  ]);
}

export function checkoutRoutes(ctx: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post<{ Body: CheckoutSessionRequest }>(
      '/api/stripe/api/create-checkout-session',
      { schema: createSessionSchema, onRequest: ctx.limits.perClient('checkout') },
      async (request) => {
        const body = request.body;
        const claims = await ctx.tokens.verifyActionToken(body.actionToken);
        if (!claims) {
          throw new ApiError(
            401,
            'invalid_action_token',
            'Your session has expired. Please start again.',
          );
        }
        if (!sameEmail(body.customer_email, claims.email)) {
          throw new ApiError(
            403,
            'email_mismatch',
            'The email does not match the one you signed up with.',
          );
        }
        const partner = ctx.partners.get(claims.referral);
        if (!partner)
          throw new ApiError(400, 'unknown_referral', 'This offer link is not recognised.');
        // Checked here; absent, the order takes the signup's language (services/orders.ts).
        const language =
          body.language === undefined ? undefined : requestLanguage(partner, body.language);

        // A limited-time offer opens no checkout outside its dates (the pages say so too).
        const state = offerState(partner, ctx.now());
        if (state.kind !== 'open') {
          throw new ApiError(409, 'offer_closed', offerClosedText(state));
        }

        const returnUrlCheck = checkReturnUrl(
          body.return_url,
          allowedReturnOrigins(ctx, partner.hosts),
        );
        if (!returnUrlCheck.ok) {
          throw new ApiError(
            400,
            'invalid_return_url',
            `The return address ${returnUrlCheck.reason}.`,
          );
        }
        // The campaign comes from the server's own partner configuration (price and campaign must
        // not be chosen by the browser); a different value from the client is only noted.
        const campaignId = ctx.partners.campaignId(partner);
        if (body.campaignId && body.campaignId !== campaignId) {
          request.log.info(
            { sent: body.campaignId, used: campaignId },
            'client campaignId differs; using configured one',
          );
        }
        // Each checkout is a payment provider call (a free claim is counted alike): one signup
        // may open only a few.
        await ctx.limits.orderForSignup(body.actionToken);
        return ctx.orders.createCheckout({
          email: claims.email,
          partner,
          returnUrl: body.return_url,
          actionToken: body.actionToken,
          visitorId: visitorIdFrom(request.headers.cookie) ?? null,
          signupId: claims.signupId,
          ...(language ? { language } : {}),
          consentNow: {
            cookie: request.headers.cookie,
            gpc:
              typeof request.headers['sec-gpc'] === 'string'
                ? request.headers['sec-gpc']
                : undefined,
          },
        });
      },
    );

    app.get<{ Querystring: CheckoutStatusQuery }>(
      '/api/stripe/api/checkout-status',
      // Polled every second by every visitor on the return page: keep it out of the info log.
      { schema: statusSchema, logLevel: 'warn', onRequest: ctx.limits.perClient('status') },
      async (request, reply) => {
        const result = await ctx.orders.readStatus(request.query.orderId, request.query.t);
        if (!result) throw new ApiError(404, 'order_not_found', 'We could not find this order.');
        // A ready string: Fastify sends it as is, with no serialisation per poll.
        return reply.type('application/json; charset=utf-8').send(statusJson(result));
      },
    );
  };
}
