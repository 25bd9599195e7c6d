import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';
import {
  WebhookSignatureError,
  type LiveStatus,
  type PaymentAdapter,
  type PaymentEvent,
} from './types.ts';

/**
 * Stripe Checkout in embedded mode. In this SDK (stripe 23, API 2026-10-28.endive) the embedded UI
 * mode is called 'embedded_page' (it was 'embedded' in older API versions).
 */
export const EMBEDDED_UI_MODE =
  'embedded_page' satisfies Stripe.Checkout.SessionCreateParams.UiMode;
export const PRODUCT_NAME_ON_RECEIPT = 'Virtual Home Safety Scan';

/** Stripe refuses expires_at less than 30 minutes ahead; a minute of slack covers clock skew. */
const MIN_SESSION_LIFETIME_MS = 31 * 60 * 1000;

export function liveStatusOf(session: Stripe.Checkout.Session): LiveStatus {
  if (session.status === 'complete') {
    // 'no_payment_required' covers free (zero-amount) offers.
    const paid =
      session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    return paid ? { status: 'completed', paid: true } : { status: 'processing', paid: false };
  }
  if (session.status === 'expired') return { status: 'expired', paid: false };
  return { status: 'open', paid: false };
}

function eventOf(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return liveStatusOf(session).paid
        ? { kind: 'paid', sessionId: session.id }
        : { kind: 'processing', sessionId: session.id };
    }
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'paid', sessionId: event.data.object.id };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed', sessionId: event.data.object.id };
    case 'checkout.session.expired':
      return { kind: 'expired', sessionId: event.data.object.id };
    default:
      return { kind: 'ignored', type: event.type };
  }
}

export function createStripeClient(settings: StripeSettings & { secretKey: string }): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'homesafe-scan' },
    ...(settings.apiHost !== undefined && { host: settings.apiHost }),
    ...(settings.apiPort !== undefined && { port: settings.apiPort }),
    ...(settings.apiProtocol !== undefined && { protocol: settings.apiProtocol }),
  });
}

export function createStripeAdapter(
  settings: StripeSettings & { secretKey: string },
): PaymentAdapter {
  const stripe = createStripeClient(settings);
  const webhookSecret = settings.webhookSecret;

  return {
    provider: 'stripe',
    async createSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          ui_mode: EMBEDDED_UI_MODE,
          return_url: input.returnUrl,
          customer_email: input.email,
          client_reference_id: input.orderId,
          expires_at: Math.floor(
            Math.max(input.expiresAt, Date.now() + MIN_SESSION_LIFETIME_MS) / 1000,
          ),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: { name: PRODUCT_NAME_ON_RECEIPT },
              },
            },
          ],
          metadata: {
            orderId: input.orderId,
            campaignId: input.campaignId,
            partnerId: input.partnerId,
          },
          // Zero-amount (FREE) sessions have no PaymentIntent, so this may only be sent when charging.
          ...(input.amountCents > 0 && {
            payment_intent_data: {
              metadata: {
                orderId: input.orderId,
                campaignId: input.campaignId,
                partnerId: input.partnerId,
              },
            },
          }),
        },
        // Retries of this call (network blips) must not create a second session for the order.
        { idempotencyKey: `checkout-session-${input.orderId}` },
      );
      if (!session.client_secret)
        throw new Error('Stripe returned a Checkout Session without client_secret');
      return { sessionId: session.id, clientSecret: session.client_secret };
    },
    async getStatus(sessionId) {
      return liveStatusOf(await stripe.checkout.sessions.retrieve(sessionId));
    },
    parseWebhook:
      webhookSecret === undefined
        ? undefined
        : (rawBody, signatureHeader) => {
            let event: Stripe.Event;
            try {
              event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
            } catch (error) {
              throw new WebhookSignatureError(
                error instanceof Error ? error.message : 'Invalid signature',
              );
            }
            return eventOf(event);
          },
  };
}
