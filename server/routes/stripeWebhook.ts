import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { WebhookPayloadError, WebhookSignatureError } from '../payments/types.ts';

/**
 * POST /api/stripe/webhook. Registered in its own scope so the JSON body stays raw bytes: the
 * signature covers the exact bytes Stripe sent, and re-serialised JSON would not verify.
 */
export function stripeWebhookRoutes(ctx: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post('/api/stripe/webhook', { bodyLimit: 512 * 1024 }, async (request) => {
      const parse = ctx.payments.parseWebhook;
      if (!parse) {
        ctx.metrics.webhook('not_configured');
        throw new ApiError(
          503,
          'webhook_not_configured',
          'Stripe webhooks are not configured on this server.',
        );
      }
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        ctx.metrics.webhook('invalid_signature');
        throw new ApiError(400, 'invalid_signature', 'The webhook signature is missing.');
      }
      let event;
      try {
        event = parse(request.body, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          ctx.metrics.webhook('invalid_signature');
          request.log.warn({ err: error }, 'rejected webhook with a bad signature');
          throw new ApiError(400, 'invalid_signature', 'The webhook signature is not valid.');
        }
        if (error instanceof WebhookPayloadError) {
          // Retrying would not help: Stripe should see a client error, not a server error.
          ctx.metrics.webhook('failed');
          request.log.warn({ err: error }, 'rejected a signed webhook event of the wrong shape');
          throw new ApiError(
            400,
            'invalid_event',
            `The webhook event is not valid: ${error.message}`,
          );
        }
        ctx.metrics.webhook('failed');
        throw error;
      }
      // Errors here answer 500, so Stripe retries the delivery later; fulfilment is idempotent.
      try {
        await ctx.orders.applyPaymentEvent(event);
      } catch (error) {
        ctx.metrics.webhook('failed');
        throw error;
      }
      ctx.metrics.webhook('processed');
      return { received: true };
    });
  };
}
