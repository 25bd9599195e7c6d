import type { HomeProfile } from '../../src/config/generated/home-profile.ts';
import { TERMINAL_ORDER_STATUSES, type OrderStatus } from '../../src/services/generated/api.ts';
import type { StoredAttribution, TouchKind } from '../attribution/stored.ts';
import type { VisitorSignals } from '../conversions/signals.ts';
import type { Language } from '../../src/i18n/languages.ts';

/**
 * Everything the server stores, behind one interface, implemented once over Kysely for SQLite (the
 * embedded default) and Postgres (several instances sharing one database). Each method that must
 * be atomic is one method, and every change that races with another instance is a conditional
 * update or a constraint in the database, never an in-process lock.
 */

// The statuses are part of the API contract (schemas/api/order-status.schema.json).
export { ORDER_STATUSES, type OrderStatus } from '../../src/services/generated/api.ts';

/** Polling stops on these; see the product spec, "Order flow". */
export const TERMINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(TERMINAL_ORDER_STATUSES);

/** The providers that take a card: Stripe, or the built-in test checkout standing in for it. */
export type CardProvider = 'test' | 'stripe';
/** Who settles an order: a card provider, or nobody for a free offer's claim ('free'). */
export type PaymentProvider = CardProvider | 'free';

export interface NewSignup {
  email: string;
  partnerId: string;
  createdAt: number;
  /** The pseudonymous experiment visitor (hs_visitor cookie), when the visitor has one. */
  visitorId?: string | null;
  /** What brought the visitor (server/attribution/), when the browser sent it and it was kept. */
  attribution?: StoredAttribution | null;
  /** The measurement choice and advertising ids of the signup request (server/conversions/). */
  signals?: VisitorSignals | null;
  /** The language of the page signed up on; English when absent. */
  language?: Language;
}

/** A signup as an order opened from it needs it: whose it is, its attribution and signals. */
export interface SignupSource {
  email: string;
  partnerId: string;
  attribution: StoredAttribution | null;
  signals: VisitorSignals | null;
  /** The language of the page signed up on: an order opened without one takes it. */
  language: Language;
}

/** One row of the report by language: a partner's signups and paid or claimed orders in one. */
export interface LanguageCounts {
  partnerId: string;
  language: Language;
  signups: number;
  /** Of those signups, how many have a completed order (in whichever language). */
  converted: number;
  /** Completed orders in this language. */
  orders: number;
  revenue: { currency: string; amountCents: number }[];
}

/**
 * One row of the report by source: a partner's signups and paid or claimed orders credited to one
 * channel (the column's key, server/attribution/channel.ts; null for direct or unknown).
 */
export interface SourceCounts {
  partnerId: string;
  channel: string | null;
  signups: number;
  /** Of those signups, how many have a completed order. */
  converted: number;
  /** Completed orders credited to the channel. */
  orders: number;
  revenue: { currency: string; amountCents: number }[];
}

/** A version of a page given to a visitor (src/config/experiments.ts), as the report counts it. */
export interface Assignment {
  visitorId: string;
  partnerId: string;
  pageKey: string;
  variant: string;
  /** utm_campaign of the address the visitor arrived on, if any. */
  campaign: string | null;
  createdAt: number;
  /** The versions and weights live at that moment (server/experiments/weightsKey.ts). */
  weightsKey: string;
  /** Which of the page's tests it was drawn in (src/config/experiments.ts testKey; '' for hash version 1). */
  test: string;
}

/** Visitors of a page's version by what they were assigned under (null: before it was recorded). */
export interface SplitCounts {
  partnerId: string;
  pageKey: string;
  /** The test the visitors were drawn in (Assignment.test). */
  test: string;
  weightsKey: string | null;
  variant: string;
  visitors: number;
}

/**
 * One aggregate of the guardrails (server/report/guardrails.ts): a histogram bucket's count, or a
 * page-view counter (bucket 0), of a partner's page version on one UTC day.
 */
export interface GuardrailCount {
  partnerId: string;
  pageKey: string;
  variant: string;
  day: string;
  metric: string;
  bucket: number;
  count: number;
}

/** One row of the funnel report: a partner's page version on one UTC day, counted in visitors. */
export interface FunnelCounts {
  partnerId: string;
  pageKey: string;
  /** The test the visitors were drawn in (Assignment.test). */
  test: string;
  variant: string;
  day: string;
  visitors: number;
  signups: number;
  checkouts: number;
  /** Paid, or claimed for a free offer: orders that reached 'completed'. */
  completed: number;
  profiles: number;
}

export interface NewOrder {
  id: string;
  partnerId: string;
  email: string;
  campaignId: string;
  amountCents: number;
  currency: string;
  paymentProvider: PaymentProvider;
  returnUrl: string;
  statusToken: string;
  createdAt: number;
  /** The pseudonymous experiment visitor (hs_visitor cookie), when the visitor has one. */
  visitorId?: string | null;
  /** The signup the order was opened from (its action token's), when known. */
  signupId?: number | null;
  /** The signup's attribution, copied as it is when the order is created and never changed. */
  attribution?: StoredAttribution | null;
  /** The signup's signals, copied with its attribution. */
  signals?: VisitorSignals | null;
  /** The visitor's language: the order's emails, their links and the payment page use it. */
  language?: Language;
}

export interface OrderRecord extends NewOrder {
  language: Language;
  status: OrderStatus;
  paymentSessionId: string | null;
  claimToken: string | null;
  reportId: string | null;
  updatedAt: number;
}

/** The few columns the status poll needs (the hot path reads nothing else). */
export interface OrderStatusRecord {
  status: OrderStatus;
  statusToken: string;
  claimToken: string | null;
  paymentProvider: PaymentProvider;
  paymentSessionId: string | null;
  createdAt: number;
}

export interface Fulfilment {
  reportId: string;
  claimToken: string;
  at: number;
  /**
   * The confirmation email (with the link back to step 2), queued in the same transaction as the
   * status change, so only the call that fulfils the order queues it: exactly once per order.
   */
  email?: NewEmail;
  /** The purchase's deliveries to ad platforms and the partner, queued in the same transaction. */
  conversions?: readonly NewConversion[];
}

/** Where a conversion goes: GA4 (Measurement Protocol), Meta (Conversions API), the partner. */
export type ConversionDestination = 'ga4' | 'meta' | 'partner';
/** 'purchase': an order paid or claimed; 'home_profile': its home profile saved (partner only). */
export type ConversionEvent = 'purchase' | 'home_profile';
/**
 * pending: to send (or waiting for a retry); sent; failed: given up or refused; no_key: not sent,
 * the server has no key for the partner and destination; skipped: not sent, and never will be (the
 * visitor's choice or Global Privacy Control does not allow it, or an id it needs is missing).
 */
export type ConversionStatus = 'pending' | 'sent' | 'failed' | 'no_key' | 'skipped';

export interface NewConversion {
  /** A random UUID: the idempotency key the partner's system sees. */
  id: string;
  orderId: string;
  partnerId: string;
  destination: ConversionDestination;
  event: ConversionEvent;
  status: 'pending' | 'skipped';
  /** The GA4 measurement id, the Meta pixel id or the partner's https address. */
  target: string;
  /** The JSON to send, without its secret; null when skipped. */
  body: string | null;
  /** Why it is skipped, for the command. */
  note: string | null;
  createdAt: number;
}

export interface Conversion extends Omit<NewConversion, 'status' | 'note'> {
  status: ConversionStatus;
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
  nextAttemptAt: number | null;
  giveUpAt: number | null;
}

/** The conversions as /metrics shows them (as OutboxCounts, per state). */
export interface ConversionCounts {
  queued: number;
  retrying: number;
  failed: number;
  noKey: number;
  oldestPendingAt: number | null;
}

/** 'confirmation': paid or claimed, with the link to step 2; 'instructions': how to scan. */
export type EmailKind = 'confirmation' | 'instructions';

export interface NewEmail {
  kind: EmailKind;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  partnerId: string;
  reportId: string | null;
  /** 'pending' waits for the SMTP sender; 'stored' stays in the outbox (no SMTP configured). */
  status: 'pending' | 'stored';
  createdAt: number;
}

export type EmailStatus = 'pending' | 'stored' | 'sent' | 'failed';

export interface OutboxEmail extends Omit<NewEmail, 'status'> {
  id: number;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
  /** A pending email is not tried before this time (null: at once). */
  nextAttemptAt: number | null;
  /** A failure from this time on gives the email up (set at its first failure). */
  giveUpAt: number | null;
}

/** What a failed delivery attempt leaves in the row. */
export interface EmailFailure {
  error: string;
  /** The next try; null gives the email up (status failed). */
  retryAt: number | null;
  /** Kept from the first failure on, so the give-up time never moves. */
  giveUpAt: number | null;
}

/** The outbox as /metrics shows it (read on each scrape, so cheap: partial indexes). */
export interface OutboxCounts {
  /** Pending, never tried yet. */
  queued: number;
  /** Pending after at least one failed attempt, waiting for the next one. */
  retrying: number;
  failed: number;
  /** created_at of the oldest pending email, or null when none waits. */
  oldestPendingAt: number | null;
}

/** Which unsettled orders a reconcile round asks the payment provider about. */
export interface ReconcileQuery {
  provider: CardProvider;
  /** Only orders created at or before this time (younger ones still await their webhook). */
  createdBefore: number;
  /** Nor older than this (a session long gone, or another account's). */
  createdAfter: number;
  /** Not again before this: an order checked after it is skipped (another instance, or this one). */
  checkedBefore: number;
  limit: number;
  at: number;
}

export interface ProfileCompletion {
  reportId: string;
  orderId: string;
  profile: HomeProfile;
  email: NewEmail;
  at: number;
  /** The profile's delivery to the partner's system, queued in the same transaction. */
  conversions?: readonly NewConversion[];
}

/** Signups: the email step's rows, which the orders opened from them copy. */
export interface SignupRepository {
  /** Stores the signup and returns its id (an order opened from it names it). */
  addSignup(signup: NewSignup): Promise<number>;
  /** The signup with this id, as an order needs it; undefined when there is none. */
  getSignupSource(signupId: number): Promise<SignupSource | undefined>;
}

/**
 * Orders: every status change is conditional on the status read, so of two instances racing one
 * wins; a fulfilment queues its email and conversions in the same transaction.
 */
export interface OrderRepository {
  createOrder(order: NewOrder): Promise<void>;
  /**
   * Inserts the order already holding this payment session, unless an order of the same provider
   * holds it (the unique index decides, so of two racing inserts on two instances one wins).
   * Returns the order stored for the session either way.
   */
  createOrderForSession(order: NewOrder, sessionId: string): Promise<OrderRecord>;
  attachPaymentSession(orderId: string, sessionId: string, at: number): Promise<void>;
  getOrder(orderId: string): Promise<OrderRecord | undefined>;
  getOrderStatus(orderId: string): Promise<OrderStatusRecord | undefined>;
  findOrderBySession(
    provider: PaymentProvider,
    sessionId: string,
  ): Promise<OrderRecord | undefined>;
  /** Moves the order to `to` only when its current status is one of `from`; true when it moved. */
  transitionOrder(
    orderId: string,
    from: readonly OrderStatus[],
    to: OrderStatus,
    at: number,
  ): Promise<boolean>;
  /**
   * Sets the language of an order still open (the visitor switched language before confirming a
   * free claim); true when it changed. A settled order keeps the language its emails were in.
   */
  setOpenOrderLanguage(orderId: string, language: Language, at: number): Promise<boolean>;
  /**
   * Marks the order completed with this report id and claim token (and queues fulfilment.email),
   * only when it has no claim token yet and its status is one of `from`. Returns the order as stored afterwards, so every
   * caller sees the same single token (or the status that won instead, such as canceled).
   */
  fulfilOrder(
    orderId: string,
    fulfilment: Fulfilment,
    from: readonly OrderStatus[],
  ): Promise<OrderRecord>;
  /**
   * The partner's completed orders for this address (compared case-insensitively) whose home
   * profile is not created yet: the ones a "send me my link again" request may email a link for.
   */
  findOrdersAwaitingProfile(email: string, partnerId: string): Promise<OrderRecord[]>;
  /**
   * Takes up to `limit` orders still open or processing at the provider's hands, oldest check
   * first, each by a conditional update of its checked_at: of several instances, one takes it.
   */
  claimOrdersToReconcile(query: ReconcileQuery): Promise<OrderRecord[]>;
}

/** Home profiles: step 2's answers, stored once per claim token. */
export interface ProfileRepository {
  /**
   * In one transaction: records the claim token's single use, stores the profile and queues the
   * email. Returns 'already_used' (and changes nothing) when the report's token was used before.
   */
  completeProfile(completion: ProfileCompletion): Promise<'stored' | 'already_used'>;
  getHomeProfile(reportId: string): Promise<(HomeProfile & { orderId: string }) | undefined>;
}

/** The outbox: emails queued, leased to one sender at a time, retried and counted. */
export interface OutboxRepository {
  /** Queues one email in the outbox. */
  queueEmail(email: NewEmail): Promise<void>;
  listOutbox(limit: number): Promise<OutboxEmail[]>;
  /**
   * Takes up to `limit` pending emails for delivery: each is leased to the caller until
   * `now + leaseMs`, so another instance's sender skips it meanwhile (one delivery per email).
   */
  claimPendingEmails(limit: number, now: number, leaseMs: number): Promise<OutboxEmail[]>;
  markEmailSent(id: number, at: number): Promise<void>;
  /**
   * Gives back a lease this instance took but will not use (it is stopping): the email is pending
   * again at once for any instance, instead of after the lease. Only while the lease is still the
   * one taken (`lockedUntil`) and the email still pending.
   */
  releaseEmailLease(id: number, lockedUntil: number): Promise<void>;
  /** Records a failed attempt: pending again from `retryAt`, or failed for good (retryAt null). */
  markEmailAttemptFailed(id: number, failure: EmailFailure): Promise<void>;
  /** The emails not delivered: failed ones, then pending ones that failed at least once. */
  listUndeliveredEmails(limit: number): Promise<OutboxEmail[]>;
  /**
   * Makes failed emails pending again, due at once with a new give-up window: one by id (a failed
   * or waiting one, unless an instance is sending it at `now`), or every failed one. Returns the
   * ids changed.
   */
  retryEmails(target: number | 'all-failed', now: number): Promise<number[]>;
  outboxCounts(): Promise<OutboxCounts>;
}

/** Conversions sent to ad platforms and partners, leased and retried as emails are. */
export interface ConversionRepository {
  /**
   * Takes up to `limit` pending conversions that are due, each leased to the caller until
   * `now + leaseMs` (as claimPendingEmails): of several instances, one sends each.
   */
  claimPendingConversions(limit: number, now: number, leaseMs: number): Promise<Conversion[]>;
  /** Records the outcome of a try: sent, or a final status (no_key) with its reason. */
  markConversionDone(
    id: string,
    outcome: { status: 'sent' | 'no_key'; at: number; note: string | null },
  ): Promise<void>;
  /** Records a failed try: pending again from `retryAt`, or failed for good (retryAt null). */
  markConversionAttemptFailed(id: string, failure: EmailFailure): Promise<void>;
  /** Hands back a lease this instance will not use (it is stopping), as releaseEmailLease. */
  releaseConversionLease(id: string, lockedUntil: number): Promise<void>;
  /** The latest conversions, newest first; `undelivered`: failed, no_key and waiting ones only. */
  listConversions(query: { limit: number; undelivered?: boolean }): Promise<Conversion[]>;
  getConversion(id: string): Promise<Conversion | undefined>;
  /**
   * Makes conversions pending again, due at once with a new give-up window: one by id (failed,
   * no_key or waiting, unless leased at `now`), or every failed and no_key one. Returns the ids.
   */
  retryConversions(target: string | 'all-failed', now: number): Promise<string[]>;
  conversionCounts(): Promise<ConversionCounts>;
}

/** Secrets generated once and shared by every instance on the database. */
export interface SecretRepository {
  /**
   * The secret called `name`, shared by every instance on this database: the first caller stores
   * `generated`, everyone (that caller included) gets the value stored first.
   */
  sharedSecret(name: string, generated: string, at: number): Promise<string>;
}

/** The abuse limits' counters, shared by every instance on the database. */
export interface CounterRepository {
  /**
   * Counts `hits` (default one) for `key` in the window starting at `windowStart` (atomic
   * upsert-increment) and returns the window's hits so far; `resetAt` is when the window ends.
   */
  hitCounter(key: string, windowStart: number, resetAt: number, hits?: number): Promise<number>;
}

/** Experiment assignments: which version of a page each visitor was given. */
export interface AssignmentRepository {
  /**
   * Records the version of a page a visitor was given, once per visitor, page and test (a later
   * call for the same three changes nothing; a later test on the page records the visitor anew).
   */
  recordAssignment(assignment: Assignment): Promise<void>;
  /** Each page's visitors by test, version and the weights they were assigned under. */
  splitCounts(filter?: { partnerId?: string }): Promise<SplitCounts[]>;
}

/** The report's counts, read across signups, orders, profiles and assignments. */
export interface ReportRepository {
  /**
   * The funnel per partner, page, test, version and day of assignment: each version's visitors, and how
   * many of them signed up, opened a checkout, completed it and created a home profile after
   * being given that version.
   */
  funnel(filter?: { partnerId?: string }): Promise<FunnelCounts[]>;
  /**
   * Signups, those of them that paid or claimed, and completed orders with their revenue, per
   * partner and per channel of the chosen touch; each signup and order counted once.
   */
  sourceCounts(filter: { partnerId?: string; touch: TouchKind }): Promise<SourceCounts[]>;
  /**
   * Signups, those of them that paid or claimed, and completed orders with their revenue, per
   * partner and language (a signup in its own, an order in its own); each counted once.
   */
  languageCounts(filter?: { partnerId?: string }): Promise<LanguageCounts[]>;
}

/** The guardrails' aggregates (server/report/guardrails.ts). */
export interface GuardrailRepository {
  /**
   * Adds each count to its aggregate (partner, page, version, day, metric, bucket), creating it
   * when new: one atomic upsert per row, safe with several instances writing at once.
   */
  addGuardrailCounts(counts: readonly GuardrailCount[]): Promise<void>;
  /** Every guardrail aggregate, in key order (of one partner with `partnerId`). */
  guardrailCounts(filter?: { partnerId?: string }): Promise<GuardrailCount[]>;
}

/**
 * Everything the server stores: one repository per aggregate (server/storage/repositories/), over
 * one shared Kysely instance, and the connection's own round trip and close.
 */
export interface Repository
  extends
    SignupRepository,
    OrderRepository,
    ProfileRepository,
    OutboxRepository,
    ConversionRepository,
    SecretRepository,
    CounterRepository,
    AssignmentRepository,
    ReportRepository,
    GuardrailRepository {
  /** A cheap round trip to the database, for readiness checks; rejects when it is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
