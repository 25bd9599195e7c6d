import type { FastifyInstance } from 'fastify';
import { TEST_PAYMENT_ACTIONS } from '../../src/services/generated/api.ts';
import { contractRef, errorResponses } from '../http/contract.ts';
import { ApiError } from '../http/errors.ts';

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
  response: { 200: contractRef('test-payment-action.response.schema.json'), ...errorResponses },
} as const;

const sessionSchema = {
  params: paramsSchema,
  response: { 200: contractRef('test-payment-session.response.schema.json'), ...errorResponses },
} as const;

export async function testPaymentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: SessionParams }>(
    '/api/test-payments/:sessionId',
    { schema: sessionSchema },
    async (request) => {
      const session = await app.orders.testSession(request.params.sessionId);
      if (!session)
        throw new ApiError(404, 'order_not_found', 'There is no test payment with this id.');
      return session;
    },
  );

  for (const action of TEST_PAYMENT_ACTIONS) {
    app.post<{ Params: SessionParams }>(
      `/api/test-payments/:sessionId/${action}`,
      { schema: actionSchema },
      async (request) => app.orders.runTestAction(request.params.sessionId, action),
    );
  }
}
