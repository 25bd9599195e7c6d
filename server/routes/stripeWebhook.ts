import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { WebhookPayloadError, WebhookSignatureError } from '../payments/types.ts';

/**
 * POST /api/stripe/webhook. Registered in its own scope so the JSON body stays raw bytes: the
 * signature covers the exact bytes Stripe sent, and re-serialised JSON would not verify.
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/stripe/webhook', { bodyLimit: 512 * 1024 }, async (request) => {
    const parse = app.payments.parseWebhook;
    if (!parse) {
      app.metrics.webhook('not_configured');
      throw new ApiError(
        503,
        'webhook_not_configured',
        'Stripe webhooks are not configured on this server.',
      );
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      app.metrics.webhook('invalid_signature');
      throw new ApiError(400, 'invalid_signature', 'The webhook signature is missing.');
    }
    let event;
    try {
      event = parse(request.body, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        app.metrics.webhook('invalid_signature');
        request.log.warn({ err: error }, 'rejected webhook with a bad signature');
        throw new ApiError(400, 'invalid_signature', 'The webhook signature is not valid.');
      }
      if (error instanceof WebhookPayloadError) {
        // Retrying would not help: Stripe should see a client error, not a server error.
        app.metrics.webhook('failed');
        request.log.warn({ err: error }, 'rejected a signed webhook event of the wrong shape');
        throw new ApiError(
          400,
          'invalid_event',
          `The webhook event is not valid: ${error.message}`,
        );
      }
      app.metrics.webhook('failed');
      throw error;
    }
    // Errors here answer 500, so Stripe retries the delivery later; fulfilment is idempotent.
    try {
      await app.orders.applyPaymentEvent(event);
    } catch (error) {
      app.metrics.webhook('failed');
      throw error;
    }
    app.metrics.webhook('processed');
    return { received: true };
  });
}
