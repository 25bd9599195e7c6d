import type { Language } from '../../src/i18n/languages.ts';
import type { CardProvider, OrderStatus } from '../storage/repository.ts';

/**
 * A payment provider as the order flow sees it. Two implementations: Stripe embedded Checkout, and
 * a built-in test provider that charges nothing (offline development, tests, demos).
 */
export interface CreateSessionInput {
  orderId: string;
  /** Where the provider sends the visitor afterwards; already carries orderId and t. */
  returnUrl: string;
  email: string;
  amountCents: number;
  currency: string;
  campaignId: string;
  partnerId: string;
  partnerName: string;
  productName: string;
  /** Unix ms; the provider session should not outlive the order's 30-minute window by much. */
  expiresAt: number;
  /** The order's language: the provider's page is shown in it where the provider can. */
  language: Language;
}

export interface CreatedSession {
  sessionId: string;
  /** Handed to the browser: Stripe's embedded checkout secret, or `test_secret_<sessionId>`. */
  clientSecret: string;
}

/** What the provider says about a session right now. `paid` means the order should be fulfilled. */
export interface LiveStatus {
  status: OrderStatus;
  paid: boolean;
}

/** A verified webhook, reduced to what the order flow acts on. */
export type PaymentEvent =
  | { kind: 'paid'; sessionId: string }
  | { kind: 'processing'; sessionId: string }
  | { kind: 'failed'; sessionId: string }
  | { kind: 'expired'; sessionId: string }
  | { kind: 'ignored'; type: string };

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed event whose content is not what its type promises (answered 400). */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

export interface PaymentAdapter {
  readonly provider: CardProvider;
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  /**
   * The live status from the provider, or undefined when the stored status is authoritative (the
   * test provider keeps its state in our own database).
   */
  getStatus(sessionId: string): Promise<LiveStatus | undefined>;
  /** Undefined when the provider has no webhooks or no webhook secret is configured. */
  readonly parseWebhook: ((rawBody: Buffer, signatureHeader: string) => PaymentEvent) | undefined;
}
