import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';
import {
  WebhookPayloadError,
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
    // 'no_payment_required': a zero-amount session (free offers never open one: they are claimed
    // without a provider, see services/orders.ts).
    const paid =
      session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    return paid ? { status: 'completed', paid: true } : { status: 'processing', paid: false };
  }
  if (session.status === 'expired') return { status: 'expired', paid: false };
  return { status: 'open', paid: false };
}

/**
 * Stripe refuses a signature older than its tolerance (5 minutes) but not one dated in the future;
 * a timestamp more than this far ahead of our clock is refused too.
 */
export const MAX_WEBHOOK_CLOCK_AHEAD_MS = 5 * 60 * 1000;

function signatureTimestampMs(header: string): number | undefined {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header);
  return match ? Number(match[1]) * 1000 : undefined;
}

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** The checkout session events we act on must carry a session object with an id. */
function checkShape(event: unknown): Stripe.Event {
  if (typeof event !== 'object' || event === null)
    throw new WebhookPayloadError('The event is not an object.');
  const { type, data } = event as { type?: unknown; data?: unknown };
  if (typeof type !== 'string') throw new WebhookPayloadError('The event has no type.');
  if (SESSION_EVENTS.has(type)) {
    const object =
      typeof data === 'object' && data !== null ? (data as { object?: unknown }).object : undefined;
    const id =
      typeof object === 'object' && object !== null ? (object as { id?: unknown }).id : undefined;
    if (typeof id !== 'string' || id === '')
      throw new WebhookPayloadError(`The ${type} event carries no checkout session id.`);
  }
  return event as Stripe.Event;
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
          // The embedded page's own words (labels, errors) in the visitor's language; Stripe
          // speaks both of ours.
          locale: input.language,
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
          // Zero-amount sessions have no PaymentIntent, so this may only be sent when charging.
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
            const signedAt = signatureTimestampMs(signatureHeader);
            if (signedAt !== undefined && signedAt > Date.now() + MAX_WEBHOOK_CLOCK_AHEAD_MS)
              throw new WebhookSignatureError('The webhook timestamp is in the future.');
            let event: unknown;
            try {
              event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
            } catch (error) {
              // A body that is signed but not JSON fails inside constructEvent too.
              if (error instanceof SyntaxError)
                throw new WebhookPayloadError('The event is not JSON.');
              throw new WebhookSignatureError(
                error instanceof Error ? error.message : 'Invalid signature',
              );
            }
            return eventOf(checkShape(event));
          },
  };
}
