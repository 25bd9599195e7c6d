import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type {
  FreeClaimConfirmResponse,
  TestPaymentAction,
} from '../../src/services/generated/api.ts';
import { newStatusToken, statusTokenMatches } from '../auth/statusToken.ts';
import { actionTokenDigest, type TokenService } from '../auth/tokens.ts';
import type { ConversionPlanner } from '../conversions/planner.ts';
import { signalsAtCheckout, type SignalRequest } from '../conversions/signals.ts';
import { ApiError } from '../http/errors.ts';
import type { PaymentAdapter, PaymentEvent } from '../payments/types.ts';
import type { Limiter } from '../rateLimit/limits.ts';
import {
  TERMINAL_STATUSES,
  type OrderRecord,
  type OrderStatus,
  type PaymentProvider,
  type OrderRepository,
  type SignupRepository,
} from '../storage/repository.ts';
import { checkCheckoutRequest, type CheckoutRequest } from './checkoutRequest.ts';
import type { Confirmations } from './confirmations.ts';
import type { PartnerDirectory } from './partners.ts';
import { withOrderParams } from './returnUrl.ts';
import { sameEmail } from '../validation/email.ts';
import { defaultLanguage, type Language } from '../../src/i18n/languages.ts';
import { offeredLanguages, partnerName, requestLanguage } from './languages.ts';

/** Orders left open longer than this read as expired (and the provider session expires too). */
export const ORDER_OPEN_TTL_MS = 30 * 60 * 1000;
/** At most one live provider lookup per order per interval, however many tabs poll it. */
export const LIVE_LOOKUP_INTERVAL_MS = 2000;
/**
 * Settled orders whose status answer is kept in memory. Safe with several instances: a final
 * status never changes in the database (every change is conditional on a non-final status).
 */
export const SETTLED_CACHE_SIZE = 10_000;

const NON_TERMINAL: readonly OrderStatus[] = ['open', 'processing'];

export interface StatusView {
  status: OrderStatus;
  claimToken?: string;
}

export interface CreatedCheckout {
  orderId: string;
  /** The card provider's secret, or for a free claim the secret that confirms it. */
  clientSecret: string;
  provider: PaymentProvider;
}

/**
 * The payment session of a free claim: the signup itself. The action token is a bearer secret, so
 * only its digest is stored; the unique (provider, session) index then holds one free order per
 * signup, however often (and on however many instances) the checkout is opened with it.
 */
export function freeClaimSession(actionToken: string): string {
  return `signup_${actionTokenDigest(actionToken)}`;
}

export interface TestSessionView {
  email: string;
  amountCents: number;
  currency: string;
  partnerId: string;
  partnerName: string;
  status: OrderStatus;
  language: Language;
}

export type { TestPaymentAction };

export interface OrderServiceDeps {
  repo: OrderRepository & SignupRepository;
  payments: PaymentAdapter;
  tokens: TokenService;
  partners: PartnerDirectory;
  /** The cap on checkouts per signup (each one is a payment provider call). */
  limits: Pick<Limiter, 'orderForSignup'>;
  /** Live settings restrict the return address to our own and the partner's hosts. */
  liveMode: boolean;
  publicBaseUrl: string;
  /** Renders the confirmation email queued with each fulfilment. */
  confirmations: Confirmations;
  /** Called after an email was queued (the SMTP sender's kick). */
  onEmailQueued: () => void;
  /** The purchase's deliveries to ad platforms and the partner, queued with the fulfilment. */
  conversions: ConversionPlanner;
  /** Called after conversions were queued (the conversion sender's kick). */
  onConversionsQueued: () => void;
  now: () => number;
  log: FastifyBaseLogger;
}

export interface OrderService {
  /**
   * A visitor's checkout request: its rules (services/checkoutRequest.ts: token, address, partner,
   * language, offer dates, return address), then the signup's cap on checkouts, then
   * createCheckout. Throws the API's error for the first rule that fails.
   */
  openCheckout(
    request: CheckoutRequest & {
      visitorId: string | null;
      consentNow: Pick<SignalRequest, 'cookie' | 'gpc'>;
    },
  ): Promise<CreatedCheckout>;
  /**
   * Opens an order. A paid offer gets a session of the payment provider; a free one (amountCents
   * 0) never reaches a provider: its order is a free claim, one per action token (opening it
   * again answers the same order), which the visitor confirms with confirmFreeClaim.
   */
  createCheckout(input: {
    email: string;
    partner: PartnerConfig;
    returnUrl: string;
    actionToken: string;
    /** The experiment visitor (hs_visitor cookie), recorded with the order for the report. */
    visitorId?: string | null;
    /** The signup the action token was issued for: the order copies its attribution. */
    signupId?: number | undefined;
    /**
     * The visitor's language, already checked against the partner's; absent, the signup's (if
     * the partner still offers it), else English.
     */
    language?: Language;
    /**
     * The checkout request's consent cookie and Global Privacy Control: a choice that narrowed
     * since the signup narrows what the order keeps for the ad platforms (signalsAtCheckout).
     */
    consentNow?: Pick<SignalRequest, 'cookie' | 'gpc'>;
  }): Promise<CreatedCheckout>;
  /**
   * Completes a free claim through the same fulfilment as a paid order (once, whatever the number
   * of calls and instances). Confirming it again is harmless; a paid order is refused.
   */
  confirmFreeClaim(
    orderId: string,
    clientSecret: string,
    options?: { language?: string | undefined },
  ): Promise<FreeClaimConfirmResponse>;
  /** Undefined when the order does not exist or t is wrong (the caller answers 404 either way). */
  readStatus(orderId: string, statusToken: string): Promise<StatusView | undefined>;
  /**
   * Idempotent: however often and from wherever it is called (any instance), one report id, one
   * claim token and one confirmation email (queued with the status change). Only an order whose status is one of `from` (default: not final) is fulfilled;
   * otherwise the order is returned as it is (for example canceled).
   */
  fulfil(orderId: string, from?: readonly OrderStatus[]): Promise<OrderRecord>;
  applyPaymentEvent(event: PaymentEvent): Promise<void>;
  testSession(sessionId: string): Promise<TestSessionView | undefined>;
  runTestAction(sessionId: string, action: TestPaymentAction): Promise<{ returnUrl: string }>;
}

function view(status: OrderStatus, claimToken: string | null): StatusView {
  return status === 'completed' && claimToken ? { status, claimToken } : { status };
}

export function createOrderService(deps: OrderServiceDeps): OrderService {
  const { repo, payments, tokens, partners, confirmations, now, log } = deps;
  const lastLookup = new Map<string, { at: number; pending?: Promise<void> }>();
  // A final status (completed, canceled, expired, failed as stored) never changes, so polls of a
  // settled order (another tab, a reload) are answered from memory, without reading it again.
  const settled = new Map<string, { statusToken: string; view: StatusView }>();
  function settle(orderId: string, statusToken: string, answer: StatusView): StatusView {
    if (settled.size >= SETTLED_CACHE_SIZE) settled.clear(); // bound memory; worst case a re-read
    settled.set(orderId, { statusToken, view: answer });
    return answer;
  }

  const isStale = (createdAt: number) => now() - createdAt > ORDER_OPEN_TTL_MS;

  async function fulfil(
    orderId: string,
    from: readonly OrderStatus[] = NON_TERMINAL,
  ): Promise<OrderRecord> {
    const order = await repo.getOrder(orderId);
    if (!order) throw new Error(`Cannot fulfil unknown order ${orderId}`);
    if (order.claimToken || !from.includes(order.status)) return order;
    const reportId = randomUUID();
    const claimToken = await tokens.signClaimToken({ reportID: reportId, orderId });
    const at = now();
    // The way back to step 2 for a visitor who leaves now. Every path that fulfils (the webhook, a
    // poll, the test checkout, a free claim, a reconcile job) comes through here.
    const email = confirmations.confirmation(order, { reportId, claimToken }, at);
    // Sent from the server to the partner's ad platforms and own system (docs/measurement.md).
    const conversions = deps.conversions.forPurchase(order, { reportId, at });
    // A conditional update in the database: of a webhook and a poll on two instances, or a pay and
    // a cancel, exactly one writes (and queues the email and the conversions); everyone reads back
    // the stored outcome.
    const stored = await repo.fulfilOrder(
      orderId,
      { reportId, claimToken, at, email, conversions },
      from,
    );
    if (stored.reportId === reportId) {
      log.info({ orderId, reportId }, 'order fulfilled');
      deps.onEmailQueued();
      deps.onConversionsQueued();
    }
    return stored;
  }

  /** Asks the provider for the session's live status and records what it says. */
  async function refreshFromProvider(
    orderId: string,
    sessionId: string,
    stored: OrderStatus,
  ): Promise<void> {
    const live = await payments.getStatus(sessionId);
    if (!live) return;
    if (live.paid) await fulfil(orderId);
    else if (live.status !== stored)
      await repo.transitionOrder(orderId, NON_TERMINAL, live.status, now());
  }

  async function throttledRefresh(
    orderId: string,
    sessionId: string,
    stored: OrderStatus,
  ): Promise<void> {
    const entry = lastLookup.get(orderId);
    if (entry?.pending) return entry.pending;
    if (entry && now() - entry.at < LIVE_LOOKUP_INTERVAL_MS) return;
    if (lastLookup.size > 10_000) lastLookup.clear(); // bound memory; worst case one extra lookup each
    const pending = refreshFromProvider(orderId, sessionId, stored)
      .catch((error: unknown) =>
        log.warn({ err: error, orderId }, 'live payment status lookup failed'),
      )
      .finally(() => lastLookup.set(orderId, { at: now() }));
    lastLookup.set(orderId, { at: now(), pending });
    return pending;
  }

  const service: OrderService = {
    async openCheckout(request) {
      const allowed = await checkCheckoutRequest(
        { tokens, partners, liveMode: deps.liveMode, publicBaseUrl: deps.publicBaseUrl, now },
        request,
      );
      // Each checkout is a payment provider call (a free claim is counted alike): one signup may
      // open only a few.
      await deps.limits.orderForSignup(request.actionToken);
      return service.createCheckout({
        email: allowed.email,
        partner: allowed.partner,
        returnUrl: request.returnUrl,
        actionToken: request.actionToken,
        visitorId: request.visitorId,
        signupId: allowed.signupId,
        ...(allowed.language ? { language: allowed.language } : {}),
        consentNow: request.consentNow,
      });
    },

    async createCheckout({
      email,
      partner,
      returnUrl,
      actionToken,
      visitorId,
      signupId,
      language: asked,
      consentNow,
    }) {
      const orderId = randomUUID();
      // The signup's attribution as it is now, copied into the order, which keeps it for good
      // (a later visit by the email link changes neither).
      const signup = signupId === undefined ? undefined : await repo.getSignupSource(signupId);
      const fromSignup =
        signup && signup.partnerId === partner.id && sameEmail(signup.email, email)
          ? signup
          : undefined;
      const statusToken = newStatusToken();
      const createdAt = now();
      const finalReturnUrl = withOrderParams(returnUrl, orderId, statusToken);
      const amountCents = partners.amountCents(partner);
      const campaignId = partners.campaignId(partner);
      const fromSignupLanguage = fromSignup?.language ?? defaultLanguage;
      const language =
        asked ??
        (offeredLanguages(partner).includes(fromSignupLanguage)
          ? fromSignupLanguage
          : defaultLanguage);
      const order = {
        id: orderId,
        partnerId: partner.id,
        email,
        campaignId,
        amountCents,
        currency: partners.currency(partner),
        returnUrl: finalReturnUrl,
        statusToken,
        createdAt,
        visitorId: visitorId ?? null,
        language,
        signupId: fromSignup ? signupId : null,
        attribution: fromSignup?.attribution ?? null,
        signals: signalsAtCheckout(
          fromSignup?.signals ?? null,
          consentNow ?? { cookie: undefined, gpc: undefined },
          partner.measurement?.askConsent === true,
        ),
      };
      if (amountCents === 0) {
        const stored = await repo.createOrderForSession(
          { ...order, paymentProvider: 'free' },
          freeClaimSession(actionToken),
        );
        if (stored.id === orderId)
          log.info({ orderId, partnerId: partner.id }, 'free claim opened');
        // The status token doubles as the claim's secret: it is this order's bearer secret anyway.
        return { orderId: stored.id, clientSecret: stored.statusToken, provider: 'free' };
      }
      await repo.createOrder({ ...order, paymentProvider: payments.provider });
      let session;
      try {
        session = await payments.createSession({
          orderId,
          returnUrl: finalReturnUrl,
          email,
          amountCents,
          currency: partners.currency(partner),
          campaignId,
          partnerId: partner.id,
          partnerName: partner.name,
          productName: partners.productName,
          expiresAt: createdAt + ORDER_OPEN_TTL_MS,
          language,
        });
      } catch (error) {
        log.error({ err: error, orderId }, 'payment session could not be created');
        await repo.transitionOrder(orderId, ['open'], 'failed', now());
        throw new ApiError(
          502,
          'payment_provider_error',
          'The payment page could not be prepared. Please try again.',
        );
      }
      await repo.attachPaymentSession(orderId, session.sessionId, now());
      return { orderId, clientSecret: session.clientSecret, provider: payments.provider };
    },

    async confirmFreeClaim(orderId, clientSecret, options = {}) {
      const order = await repo.getOrder(orderId);
      if (!order || !statusTokenMatches(clientSecret, order.statusToken)) {
        throw new ApiError(404, 'order_not_found', 'We could not find this claim.');
      }
      // The visitor switched language on the process page: the confirmation email follows, as
      // long as it is not written yet (an open claim; settled, it keeps its own).
      if (options.language !== undefined) {
        const language = requestLanguage(partners.getOrDefault(order.partnerId), options.language);
        if (language !== order.language && order.status === 'open')
          await repo.setOpenOrderLanguage(order.id, language, now());
      }
      if (order.paymentProvider !== 'free' || order.amountCents !== 0) {
        throw new ApiError(409, 'order_not_free', 'This order is paid at checkout, not claimed.');
      }
      // Confirming twice (a double click, a second tab) is harmless.
      if (order.status === 'completed') return { returnUrl: order.returnUrl };
      if (order.status === 'open' && isStale(order.createdAt)) {
        await repo.transitionOrder(order.id, ['open'], 'expired', now());
        throw new ApiError(409, 'order_not_open', 'This claim has expired. Please start again.', {
          status: 'expired',
        });
      }
      // Conditional on the order still being open, as a paid order's fulfilment is.
      const stored = order.status === 'open' ? await fulfil(order.id, ['open']) : order;
      if (stored.status !== 'completed') {
        throw new ApiError(409, 'order_not_open', `This claim is already ${stored.status}.`, {
          status: stored.status,
        });
      }
      return { returnUrl: order.returnUrl };
    },

    async readStatus(orderId, statusToken) {
      const known = settled.get(orderId);
      if (known) return statusTokenMatches(statusToken, known.statusToken) ? known.view : undefined;
      // One read of the covering index (see storage/sqlite.ts), the token compared in place.
      const row = await repo.getOrderStatus(orderId);
      if (!row || !statusTokenMatches(statusToken, row.statusToken)) return undefined;
      if (TERMINAL_STATUSES.has(row.status)) {
        return settle(orderId, row.statusToken, view(row.status, row.claimToken));
      }

      if (
        row.paymentProvider === payments.provider &&
        row.paymentSessionId &&
        payments.provider !== 'test'
      ) {
        await throttledRefresh(orderId, row.paymentSessionId, row.status);
        const fresh = await repo.getOrderStatus(orderId);
        if (fresh && fresh.status !== row.status) {
          return TERMINAL_STATUSES.has(fresh.status)
            ? view(fresh.status, fresh.claimToken)
            : { status: fresh.status };
        }
      }
      return { status: row.status === 'open' && isStale(row.createdAt) ? 'expired' : row.status };
    },

    fulfil,

    async applyPaymentEvent(event) {
      if (event.kind === 'ignored') return;
      const order = await repo.findOrderBySession(payments.provider, event.sessionId);
      if (!order) {
        // Not ours (another integration on the same Stripe account) or already deleted.
        log.warn(
          { sessionId: event.sessionId, kind: event.kind },
          'payment event for an unknown session',
        );
        return;
      }
      const at = now();
      switch (event.kind) {
        case 'paid':
          await fulfil(order.id);
          return;
        case 'processing':
          await repo.transitionOrder(order.id, ['open'], 'processing', at);
          return;
        case 'failed':
          await repo.transitionOrder(order.id, NON_TERMINAL, 'failed', at);
          return;
        case 'expired':
          await repo.transitionOrder(order.id, ['open'], 'expired', at);
          return;
      }
    },

    async testSession(sessionId) {
      const order = await repo.findOrderBySession('test', sessionId);
      if (!order) return undefined;
      const status = order.status === 'open' && isStale(order.createdAt) ? 'expired' : order.status;
      return {
        email: order.email,
        amountCents: order.amountCents,
        currency: order.currency,
        partnerId: order.partnerId,
        partnerName: partnerName(partners.getOrDefault(order.partnerId), order.language),
        status,
        language: order.language,
      };
    },

    async runTestAction(sessionId, action) {
      const order = await repo.findOrderBySession('test', sessionId);
      if (!order)
        throw new ApiError(404, 'order_not_found', 'There is no test payment with this id.');
      if (order.status === 'open' && isStale(order.createdAt)) {
        await repo.transitionOrder(order.id, ['open'], 'expired', now());
        throw new ApiError(409, 'order_not_open', 'This payment has expired. Please start again.');
      }
      // Paying twice (a double click) is harmless; anything else after the first outcome is refused.
      if (action === 'pay' && order.status === 'completed') return { returnUrl: order.returnUrl };
      const target: Record<TestPaymentAction, OrderStatus> = {
        pay: 'completed',
        decline: 'failed',
        cancel: 'canceled',
      };
      if (order.status !== 'open') {
        throw new ApiError(409, 'order_not_open', `This payment is already ${order.status}.`, {
          status: order.status,
        });
      }
      // Both outcomes are conditional on the order still being open, so a pay racing a cancel or a
      // decline (two tabs, two instances) has exactly one winner; the other is told it lost.
      const changed =
        action === 'pay'
          ? (await fulfil(order.id, ['open'])).status === 'completed'
          : await repo.transitionOrder(order.id, ['open'], target[action], now());
      if (!changed) {
        throw new ApiError(
          409,
          'order_not_open',
          'This payment was changed meanwhile. Please reload.',
        );
      }
      return { returnUrl: order.returnUrl };
    },
  };
  return service;
}
