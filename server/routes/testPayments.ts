import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, errorResponseSchema } from '../http/errors.ts';
import type { TestPaymentAction } from '../services/orders.ts';
import { ORDER_STATUSES } from '../storage/repository.ts';

/**
 * The built-in test payment provider's endpoints, registered only while it is the active provider.
 * The front end's clearly labelled test checkout shows the session and calls pay, decline or
 * cancel, then navigates to the returned URL (the visitor's return URL with orderId and t).
 */
interface SessionParams {
  sessionId: string;
}

const paramsSchema = {
  type: 'object',
  required: ['sessionId'],
  properties: { sessionId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const actionSchema = {
  params: paramsSchema,
  response: {
    200: {
      type: 'object',
      required: ['returnUrl'],
      properties: { returnUrl: { type: 'string' } },
      additionalProperties: false,
    },
    '4xx': errorResponseSchema,
  },
} as const;

const sessionSchema = {
  params: paramsSchema,
  response: {
    200: {
      type: 'object',
      required: ['email', 'amountCents', 'currency', 'partnerId', 'partnerName', 'status'],
      properties: {
        email: { type: 'string' },
        amountCents: { type: 'integer' },
        currency: { type: 'string' },
        partnerId: { type: 'string' },
        partnerName: { type: 'string' },
        status: { type: 'string', enum: ORDER_STATUSES },
      },
      additionalProperties: false,
    },
    '4xx': errorResponseSchema,
  },
} as const;

const ACTIONS: readonly TestPaymentAction[] = ['pay', 'decline', 'cancel'];

export function testPaymentRoutes(ctx: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get<{ Params: SessionParams }>(
      '/api/test-payments/:sessionId',
      { schema: sessionSchema },
      async (request) => {
        const session = await ctx.orders.testSession(request.params.sessionId);
        if (!session)
          throw new ApiError(404, 'order_not_found', 'There is no test payment with this id.');
        return session;
      },
    );

    for (const action of ACTIONS) {
      app.post<{ Params: SessionParams }>(
        `/api/test-payments/:sessionId/${action}`,
        { schema: actionSchema },
        async (request) => ctx.orders.runTestAction(request.params.sessionId, action),
      );
    }
  };
}
