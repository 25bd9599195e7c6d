/* eslint-disable */
/**
 * GENERATED from schemas/api/*.schema.json by tools/generate-types.ts. Do not edit: change the schema and run
 * `npm run schemas:types`.
 */

/**
 * Which visit the report by source credits: the first one we know of, or the last one from a campaign or an outside page.
 */
export type TouchKind = 'last' | 'first';
/**
 * The language the visitor reads the pages in: a BCP 47 primary subtag in lower case, "en" (the default) or "es" (src/i18n/languages.ts). It must be one the partner offers (its file's "languages"); any other is refused with 400 unsupported_language. The order keeps it: its emails, their links and a resent link are in it.
 */
export type LanguageCode = string;
/**
 * Where an order stands. open: checkout shown, not paid; processing: paid, the payment provider has not confirmed yet; completed: paid and confirmed (or, for a free offer, the claim confirmed); canceled: the visitor left the checkout; expired: left open for 30 minutes; failed: the payment was declined.
 */
export type OrderStatus = 'open' | 'processing' | 'completed' | 'canceled' | 'expired' | 'failed';
/**
 * An email address as the signup form and the API accept it: the WHATWG rule of <input type=email> (no spaces, one @, letters, digits and hyphens in each domain label), with at least one dot in the domain and a top-level domain of two or more characters, at most 254 characters. The browser trims what the visitor typed before sending it.
 */
export type EmailAddress = string;
/**
 * The machine-readable code of every error answer. The browser maps some of them to its own texts (product spec, section 8); add a code here before the server may send it.
 */
export type ErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'payload_too_large'
  | 'invalid_email'
  | 'captcha_error'
  | 'unknown_referral'
  | 'unsupported_language'
  | 'invalid_action_token'
  | 'email_mismatch'
  | 'invalid_return_url'
  | 'order_not_found'
  | 'order_not_open'
  | 'order_not_free'
  | 'offer_closed'
  | 'invalid_claim_token'
  | 'claim_token_used'
  | 'invalid_profile'
  | 'invalid_signature'
  | 'webhook_not_configured'
  | 'payment_provider_error'
  | 'invalid_event'
  | 'unauthorized'
  | 'rate_limited'
  | 'too_many_orders'
  | 'not_found'
  | 'database_unavailable'
  | 'storage_full'
  | 'internal_error';
/**
 * lcp: Largest Contentful Paint (ms); inp: Interaction to Next Paint (ms); cls: Cumulative Layout Shift (unitless).
 */
export type VitalMetric = 'lcp' | 'inp' | 'cls';
/**
 * The order statuses that never change again: the return page stops polling on these (product spec, order flow). Every value is also an OrderStatus.
 */
export type TerminalOrderStatus = 'completed' | 'canceled' | 'expired' | 'failed';
/**
 * What the built-in test checkout can do with its session: pay completes the order, decline fails it, cancel cancels it.
 */
export type TestPaymentAction = 'pay' | 'decline' | 'cancel';
/**
 * The language the visitor reads the pages in: a BCP 47 primary subtag in lower case, "en" (the default) or "es" (src/i18n/languages.ts). It must be one the partner offers (its file's "languages"); any other is refused with 400 unsupported_language. The order keeps it: its emails, their links and a resent link are in it.
 */
export type LanguageCode1 = string;

/**
 * Every schema of the API contract, by file name.
 */
export interface ApiContract {
  'attribution-touch-kind.schema.json'?: TouchKind;
  'attribution-touch.schema.json'?: AttributionTouch;
  'attribution.schema.json'?: Attribution;
  'checkout-session.request.schema.json'?: CheckoutSessionRequest;
  'checkout-session.response.schema.json'?: CheckoutSessionResponse;
  'checkout-status.query.schema.json'?: CheckoutStatusQuery;
  'checkout-status.response.schema.json'?: CheckoutStatusResponse;
  'complete.request.schema.json'?: CompleteRequest;
  'complete.response.schema.json'?: CompleteResponse;
  'email-address.schema.json'?: EmailAddress;
  'error-code.schema.json'?: ErrorCode;
  'error.response.schema.json'?: ErrorResponse;
  'free-claim-confirm.request.schema.json'?: FreeClaimConfirmRequest;
  'free-claim-confirm.response.schema.json'?: FreeClaimConfirmResponse;
  'guardrail-flag.schema.json'?: GuardrailFlag;
  'guardrails.schema.json'?: PageGuardrails;
  'health.response.schema.json'?: HealthResponse;
  'language-code.schema.json'?: LanguageCode;
  'metric-percentile.schema.json'?: MetricPercentile;
  'order-status.schema.json'?: OrderStatus;
  'page-version.query.schema.json'?: PageVersionQuery;
  'page-version.response.schema.json'?: PageVersionResponse;
  'report.query.schema.json'?: ReportQuery;
  'report.response.schema.json'?: FunnelReport;
  'resend-link.request.schema.json'?: ResendLinkRequest;
  'resend-link.response.schema.json'?: ResendLinkResponse;
  'signup.request.schema.json'?: SignupRequest;
  'signup.response.schema.json'?: SignupResponse;
  'terminal-order-status.schema.json'?: TerminalOrderStatus;
  'test-payment-action.response.schema.json'?: TestPaymentActionResponse;
  'test-payment-action.schema.json'?: TestPaymentAction;
  'test-payment-session.response.schema.json'?: TestPaymentSession;
  'version-guardrails.schema.json'?: VersionGuardrails;
  'version-vitals.schema.json'?: VersionVitals;
  'vital-metric.schema.json'?: VitalMetric;
  'vitals.request.schema.json'?: VitalsRequest;
}
/**
 * One visit that brought the visitor (docs/measurement.md): the campaign parameters and click ids of the address they arrived at, the host (never the address) of the outside page that sent them, the page they landed on and its version, and when. Every field is optional; the browser keeps each short and the server cleans and cuts each again (src/services/attribution/rules.ts), so the ceilings here only bound the request.
 */
export interface AttributionTouch {
  /**
   * Who sent the visitor, as the partner tagged the link ("newsletter", "google").
   */
  utm_source?: string;
  /**
   * How: the kind of link ("email", "cpc", "social").
   */
  utm_medium?: string;
  /**
   * Which campaign ("spring").
   */
  utm_campaign?: string;
  /**
   * The paid search keyword, or whatever the partner puts there.
   */
  utm_term?: string;
  /**
   * Which ad or link of the campaign.
   */
  utm_content?: string;
  /**
   * Google Ads click id.
   */
  gclid?: string;
  /**
   * Google Ads click id (iOS apps).
   */
  gbraid?: string;
  /**
   * Google Ads click id (iOS web).
   */
  wbraid?: string;
  /**
   * Meta (Facebook, Instagram) click id.
   */
  fbclid?: string;
  /**
   * Microsoft Advertising click id.
   */
  msclkid?: string;
  /**
   * The host name of the outside page that linked here ("www.google.com"); never its address. None for our own pages.
   */
  referrerHost?: string;
  /**
   * The path of the page the visit began on, without its query ("/showcase").
   */
  landingPage?: string;
  /**
   * On a page with an A/B test, the version shown: page key and version ("landing:fewer-falls").
   */
  pageVersion?: string;
  /**
   * When the visit began, an ISO 8601 time in UTC (the browser's clock).
   */
  at?: string;
}
/**
 * What brought a visitor: the first visit we know of (kept) and the last one that came from a campaign or an outside page (a later direct visit does not replace it). Stored with the signup and copied to its orders (docs/measurement.md).
 */
export interface Attribution {
  first?: AttributionTouch;
  last?: AttributionTouch;
}
/**
 * POST /api/stripe/api/create-checkout-session: opens an order and its payment session, in the language given (absent: the signup's language). The payment page is shown in it where the provider can.
 */
export interface CheckoutSessionRequest {
  /**
   * The email signed up with; must match the action token's.
   */
  customer_email: string;
  /**
   * Always null from the browser (spec §7).
   */
  customerId?: string | null;
  /**
   * Where the checkout returns to; the server appends orderId and t.
   */
  return_url: string;
  /**
   * The partner's campaign id as the browser knows it; the server uses its own configuration.
   */
  campaignId?: string | null;
  /**
   * The token from the signup answer.
   */
  actionToken: string;
  /**
   * Always true from the browser: every visit to the checkout opens a new session.
   */
  forceNewSession?: boolean;
  language?: LanguageCode;
}
/**
 * POST /api/stripe/api/create-checkout-session, 200. For a free offer (the partner's offer.amountCents is 0) no payment provider is involved: the order is opened as a free claim, one per signup (the same answer again for the same action token), which the visitor confirms with POST /api/landing/confirm-free-claim.
 */
export interface CheckoutSessionResponse {
  /**
   * Stripe's embedded Checkout secret, test_secret_<sessionId> for the test checkout, or for a free claim the secret its confirmation sends back.
   */
  clientSecret: string;
  /**
   * The new order's id.
   */
  orderId: string;
  /**
   * Which checkout the browser shows: the test checkout, Stripe's, or (free) a confirmation without any payment form.
   */
  provider: 'test' | 'stripe' | 'free';
}
/**
 * GET /api/stripe/api/checkout-status?orderId=&t= (the two values the server appended to the return URL).
 */
export interface CheckoutStatusQuery {
  /**
   * The order id.
   */
  orderId: string;
  /**
   * The order's status token: only who holds the return URL may read the status.
   */
  t: string;
}
/**
 * GET /api/stripe/api/checkout-status, 200. Polled every second until the status is terminal.
 */
export interface CheckoutStatusResponse {
  status: OrderStatus;
  /**
   * Only with status completed: JWT (7 days, single use) that lets the visitor create the home profile.
   */
  claimToken?: string;
}
/**
 * POST /api/landing/complete: the home profile's fields (checked against schemas/home-profile.schema.json by the server, which answers invalid_profile with a message per field) next to the two tokens.
 */
export interface CompleteRequest {
  /**
   * reCAPTCHA v3 token, or local:landing_complete with the offline bot check.
   */
  captchaToken: string;
  /**
   * The claim token from the completed order's status.
   */
  claimToken: string;
  [k: string]: unknown;
}
/**
 * POST /api/landing/complete, 201.
 */
export interface CompleteResponse {
  /**
   * The new report's id (also in the instructions email).
   */
  reportID: string;
}
/**
 * The body of every 4xx and 5xx answer of the API. Some errors add a field: invalid_profile adds fields (the message of each refused profile field, by field name), order_not_open adds status (the status the order has instead).
 */
export interface ErrorResponse {
  error: ErrorCode;
  /**
   * One sentence a person can read.
   */
  message: string;
  /**
   * invalid_profile only: the message of each refused profile field, by field name.
   */
  fields?: {
    [k: string]: string;
  };
  status?: OrderStatus;
}
/**
 * POST /api/landing/confirm-free-claim: the visitor confirms a free offer's claim (the create-checkout-session answer with provider free). Completes the order once, as a payment would; nothing is charged and no payment provider is involved. A language given (the visitor switched on the process page) replaces the claim's before its confirmation email is written.
 */
export interface FreeClaimConfirmRequest {
  /**
   * The orderId of the create-checkout-session answer.
   */
  orderId: string;
  /**
   * The clientSecret of that answer: only who opened the claim may confirm it.
   */
  clientSecret: string;
  language?: LanguageCode;
}
/**
 * POST /api/landing/confirm-free-claim, 200: the claim is confirmed (also when it was already). The browser goes on to returnUrl, the payment return page, exactly as after paying.
 */
export interface FreeClaimConfirmResponse {
  /**
   * The visitor's return URL with orderId and t appended.
   */
  returnUrl: string;
}
/**
 * One way a variant is clearly worse than the control, by the rule in the guardrails' `rule`.
 */
export interface GuardrailFlag {
  /**
   * The variant flagged (never the control).
   */
  variant: string;
  /**
   * slower: a metric's 75th percentile is clearly worse; errors: more page views have a script error.
   */
  kind: 'slower' | 'errors';
  metric?: VitalMetric;
  /**
   * The flag as a sentence for the partner, with the numbers behind it.
   */
  message: string;
}
/**
 * A tested page's guardrails from real visitors (server/report/guardrails.ts): per version and UTC day, the 75th percentile of Largest Contentful Paint, Interaction to Next Paint and Cumulative Layout Shift, and the share of page views with a script error; and the variants that are clearly slower or erroring more than the control, with the rule that decided it.
 */
export interface PageGuardrails {
  /**
   * The control first, then each variant that reported a page view.
   */
  versions: VersionGuardrails[];
  /**
   * Each way a variant is clearly worse than the control; empty when none is.
   */
  flags: GuardrailFlag[];
  /**
   * The flag rule in plain words, as the report prints it.
   */
  rule: string;
}
/**
 * One version of a tested page: its measures over the whole test, and day by day.
 */
export interface VersionGuardrails {
  /**
   * "control" or the variant's id.
   */
  variant: string;
  total: VersionVitals;
  /**
   * The same per UTC day the page views ended, in order.
   */
  days: DayVitals[];
}
/**
 * A version's page views and their measures, over the whole test or one UTC day: how many, the 75th percentile of each Core Web Vital, and the script errors.
 */
export interface VersionVitals {
  /**
   * Page views measured.
   */
  views: number;
  /**
   * Page views with at least one script error.
   */
  errorViews: number;
  /**
   * Script errors counted in all.
   */
  errors: number;
  /**
   * errorViews / views; null with no page view.
   */
  errorRate: number | null;
  lcp: MetricPercentile;
  inp: MetricPercentile;
  cls: MetricPercentile;
}
/**
 * One metric's 75th percentile over the page views that measured it, read from a histogram of log-spaced buckets (each value is within 3% of the true one), with a 95% distribution-free interval.
 */
export interface MetricPercentile {
  /**
   * Page views that measured it.
   */
  samples: number;
  /**
   * 75th percentile (ms, or unitless for CLS); null with no sample.
   */
  p75: number | null;
  /**
   * 95% interval of the 75th percentile (order statistics at the binomial ranks, widened to the bucket edges); null with too few samples.
   */
  interval: {
    low: number;
    high: number;
  } | null;
}
/**
 * One UTC day of the version's page views.
 */
export interface DayVitals {
  /**
   * The UTC day (YYYY-MM-DD) the page views ended.
   */
  day: string;
  vitals: VersionVitals;
}
/**
 * GET /api/health (and GET /health): readiness. 200 when this instance can serve, 503 when its database does not answer.
 */
export interface HealthResponse {
  /**
   * True when the instance is ready for traffic.
   */
  ok: boolean;
  /**
   * Whether the database answered a trivial query just now.
   */
  database: 'up' | 'down';
}
/**
 * GET /api/page-version?partner=&page= : which version of a partner's page this visitor is in, for a page the app opens without loading it (the claim-offer page after signup).
 */
export interface PageVersionQuery {
  /**
   * The partner's id.
   */
  partner: string;
  /**
   * The page's key in the partner file, such as "claimOffer".
   */
  page: string;
}
/**
 * The version of the page this visitor sees: "control" (the page as written) or a variant's id. Sticky: the same on every call and every instance.
 */
export interface PageVersionResponse {
  /**
   * The page's key, as asked.
   */
  page: string;
  /**
   * "control" or the id of one of the page's variants.
   */
  version: string;
}
/**
 * GET /api/report?partner=&format=&touch= : the experiments funnel report and the breakdown by source, of every partner or of one.
 */
export interface ReportQuery {
  /**
   * One partner's id; without it, every partner's pages.
   */
  partner?: string;
  /**
   * "text" for the readable table (npm run report prints the same); JSON by default.
   */
  format?: 'json' | 'text';
  touch?: TouchKind;
}
/**
 * GET /api/report (and npm run report -- --json): per partner, page and version of an A/B test, its visitors and how many of them reached each funnel step, each variant against the control with a fixed and an anytime-valid 95% interval and a verdict in words, and whether the split of visitors matches the weights they were assigned under. Then, per partner, signups, paid or claimed orders and revenue by the source, medium and campaign that brought the visitors (first or last touch), and by the language of the pages they signed up on. Counts only: no personal data. How to read it: docs/experiments-report.md.
 */
export interface FunnelReport {
  /**
   * When the report was computed (UTC).
   */
  generatedAt: string;
  method: ReportMethod;
  /**
   * One entry per partner page that has given visitors a version.
   */
  pages: PageResult[];
  sources: SourceReport;
  languages?: LanguageReport;
}
/**
 * The settings the numbers were computed with.
 */
export interface ReportMethod {
  /**
   * 0.05: every interval is 95%.
   */
  alpha: number;
  /**
   * Visitors (both versions) at which the anytime interval is narrowest (its tuning; it never affects validity).
   */
  tuningVisitors: number;
  /**
   * The correction for the several variants and steps of one page: Holm's step-down method on the anytime p-values.
   */
  correction: 'holm';
  /**
   * The difference (a share, 0.02 = 2 percentage points) the 'not enough data yet' estimate of visitors aims at.
   */
  minimumDifference: number;
  /**
   * The split check's p-value below which the split is said not to match (0.001).
   */
  splitThreshold: number;
}
export interface PageResult {
  partnerId: string;
  pageKey: string;
  versions: VersionResult[];
  split: SplitCheck;
  /**
   * How many variant-against-control comparisons (variants × steps) Holm's correction covers on this page.
   */
  comparisons: number;
  guardrails?: PageGuardrails1;
}
export interface VersionResult {
  /**
   * "control" or a variant's id.
   */
  variant: string;
  /**
   * The version's weight in the file today (0 when it is no longer there).
   */
  weight: number;
  visitors: number;
  steps: FunnelSteps;
  days: DayResult[];
}
export interface FunnelSteps {
  signups: StepResult;
  checkouts: StepResult;
  completed: StepResult;
  profiles: StepResult;
}
export interface StepResult {
  count: number;
  /**
   * Share of the version's visitors; null with no visitor.
   */
  rate: number | null;
  /**
   * The rate's 95% Wilson interval.
   */
  interval: Interval | null;
  /**
   * Against the control (a variant only).
   */
  difference?: FixedDifference | null;
  /**
   * Against the control, anytime-valid (a variant's totals only).
   */
  anytime?: AnytimeComparison | null;
}
export interface Interval {
  low: number;
  high: number;
}
/**
 * The variant's rate minus the control's with its fixed 95% interval (Newcombe's hybrid score): right for one look decided in advance, too optimistic when read every day.
 */
export interface FixedDifference {
  value: number;
  interval: Interval;
}
/**
 * The variant's rate minus the control's with its anytime-valid 95% interval (a confidence sequence: it stays right however often the report is read), the anytime p-value, the same after Holm's correction over the page's comparisons, and the verdict.
 */
export interface AnytimeComparison {
  value: number;
  interval: Interval;
  pValue: number;
  adjustedPValue: number;
  /**
   * ahead/behind: the corrected anytime p-value is below 0.05; noDifference: the anytime interval lies within the minimum difference either side of zero; otherwise notEnoughData.
   */
  verdict: 'ahead' | 'behind' | 'noDifference' | 'notEnoughData';
  /**
   * With notEnoughData: about how many more visitors each version needs before a difference of the minimum size would be called (null otherwise).
   */
  moreVisitors: number | null;
  /**
   * The verdict in words, e.g. "fewer-falls: +4.1 points signups (95% anytime interval +1.2 to +7.0): ahead".
   */
  sentence: string;
}
/**
 * A version's visitors of one UTC day of assignment and their steps (against the control's visitors of that day).
 */
export interface DayResult {
  day: string;
  visitors: number;
  steps: FunnelSteps;
}
/**
 * Whether each version got the visitors the weights they were assigned under say (a sample-ratio-mismatch check). A mismatch means something assigns or counts visitors wrongly.
 */
export interface SplitCheck {
  pValue: number;
  mismatch: boolean;
  /**
   * Each checked version's expected share of the visitors.
   */
  expectedShares: {
    [k: string]: number;
  };
  /**
   * Each checked version's expected visitors.
   */
  expected: {
    [k: string]: number;
  };
  /**
   * pearson: Pearson's chi-square (one set of weights, the exact large-sample test); wald: the Wald chi-square of counts pooled over several sets of weights (Moore 1977).
   */
  test: 'pearson' | 'wald';
  /**
   * recorded: every visitor's weights were recorded at assignment; fileWeights: none were (visitors from before that was recorded), so today's weights in the file are assumed; mixed: some of each.
   */
  basis: 'recorded' | 'fileWeights' | 'mixed';
  /**
   * How many different sets of live versions and weights the visitors were assigned under.
   */
  weightSets: number;
  /**
   * Visitors assigned before their weights were recorded (checked against today's weights).
   */
  unrecordedVisitors: number;
  /**
   * The check in words.
   */
  sentence: string;
}
/**
 * A tested page's guardrails from real visitors (server/report/guardrails.ts): per version and UTC day, the 75th percentile of Largest Contentful Paint, Interaction to Next Paint and Cumulative Layout Shift, and the share of page views with a script error; and the variants that are clearly slower or erroring more than the control, with the rule that decided it.
 */
export interface PageGuardrails1 {
  /**
   * The control first, then each variant that reported a page view.
   */
  versions: VersionGuardrails[];
  /**
   * Each way a variant is clearly worse than the control; empty when none is.
   */
  flags: GuardrailFlag[];
  /**
   * The flag rule in plain words, as the report prints it.
   */
  rule: string;
}
/**
 * Signups and paid or claimed orders by the source, medium and campaign of the visit credited (docs/measurement.md). Each signup and order counts once, in the row of its stored attribution; those without one (direct visits, bots, signups before attribution was recorded, browsers that keep no cookie) are the row "Direct or unknown".
 */
export interface SourceReport {
  touch: TouchKind;
  /**
   * Per partner, its rows by signups (most first), then paid or claimed orders, then label.
   */
  rows: SourceRow[];
}
export interface SourceRow {
  partnerId: string;
  /**
   * utm_source, else the click id's network (google, bing, facebook), else the search engine or the referring host; null when none (with medium and campaign null too: direct or unknown).
   */
  source: string | null;
  /**
   * utm_medium; without a utm_source, cpc for a Google or Microsoft click id, social for a Meta one, organic for a search engine, referral for another site.
   */
  medium: string | null;
  /**
   * utm_campaign, as written.
   */
  campaign: string | null;
  /**
   * "newsletter / email / spring", "(none)" for a part not set, or "Direct or unknown".
   */
  label: string;
  /**
   * Signups credited to this source.
   */
  signups: number;
  /**
   * Of those signups, how many have a paid or claimed order.
   */
  converted: number;
  /**
   * Paid or claimed orders credited to this source (an order keeps the attribution of its signup).
   */
  orders: number;
  /**
   * What those orders paid, per currency (a claimed free offer adds 0).
   */
  revenue: Money[];
  conversion: SourceConversion;
}
export interface Money {
  currency: string;
  amountCents: number;
}
/**
 * The share of the row's signups that paid or claimed (converted / signups), with its fixed 95% Wilson interval and its anytime-valid 95% interval (the same confidence sequence as the versions' comparisons, server/report/sequential.ts), which stays right however often the report is read.
 */
export interface SourceConversion {
  /**
   * null with no signup.
   */
  rate: number | null;
  interval: Interval | null;
  anytime: Interval | null;
}
/**
 * Always sent by this server; optional so that a reader of an older report still parses it.
 */
export interface LanguageReport {
  /**
   * Per partner (by id), its languages with English first, then by language code.
   */
  rows: LanguageRow[];
}
export interface LanguageRow {
  partnerId: string;
  language: LanguageCode;
  /**
   * Signups made on the pages in this language.
   */
  signups: number;
  /**
   * Of those signups, how many have a paid or claimed order.
   */
  converted: number;
  /**
   * Paid or claimed orders in this language.
   */
  orders: number;
  /**
   * What those orders paid, per currency (a claimed free offer adds 0).
   */
  revenue: Money[];
  conversion: SourceConversion;
}
/**
 * POST /api/landing/resend-link ("send me my link again"): the address the visitor paid or claimed with, a bot-check token for the action landing_resend, and the partner id whose pages they are on.
 */
export interface ResendLinkRequest {
  email: EmailAddress;
  /**
   * reCAPTCHA v3 token, or local:landing_resend with the offline bot check.
   */
  captchaToken: string;
  /**
   * The partner id (the client config id) of the page the form is on.
   */
  referral: string;
}
/**
 * POST /api/landing/resend-link, 202: always the same answer, whether or not the address has an order waiting for its home profile (nobody learns which addresses bought). When it has one, a fresh link is emailed.
 */
export interface ResendLinkResponse {
  /**
   * The request was taken; a link is emailed if the address has an order waiting for its home profile.
   */
  accepted: true;
}
/**
 * POST /api/landing/signup: the visitor's email, a bot-check token for the action landing_signup, the partner id and, optionally, what brought the visitor (the browser's first-party attribution cookie; the server cleans and bounds it, ignores it from bots, and stores it with the signup and its orders) and, optionally, the language of the page (absent: English).
 */
export interface SignupRequest {
  email: EmailAddress;
  /**
   * reCAPTCHA v3 token, or local:landing_signup with the offline bot check.
   */
  captchaToken: string;
  /**
   * The partner id (the client config id) whose page the visitor signed up on.
   */
  referral: string;
  attribution?: Attribution;
  language?: LanguageCode;
}
/**
 * POST /api/landing/signup, 200.
 */
export interface SignupResponse {
  /**
   * JWT valid 30 minutes carrying the email and referral; the checkout step sends it back.
   */
  actionToken: string;
}
/**
 * POST /api/test-payments/:sessionId/(pay|decline|cancel), 200.
 */
export interface TestPaymentActionResponse {
  /**
   * The visitor's return URL with orderId and t appended; the test checkout goes there.
   */
  returnUrl: string;
}
/**
 * GET /api/test-payments/:sessionId, 200: what the test checkout shows.
 */
export interface TestPaymentSession {
  /**
   * Who pays.
   */
  email: string;
  /**
   * The price in cents (0 for a free offer).
   */
  amountCents: number;
  /**
   * ISO currency code, lower case (usd).
   */
  currency: string;
  /**
   * The partner the order belongs to.
   */
  partnerId: string;
  /**
   * The partner's display name.
   */
  partnerName: string;
  status: OrderStatus;
  language?: LanguageCode1;
}
/**
 * POST /api/vitals (sent with navigator.sendBeacon when a page view ends): one visitor's Core Web Vitals and script error count for one page view of a page with an A/B test, tagged with the version of the page shown. The server adds it to counts per partner, page, version, UTC day and metric, and keeps nothing else of the request.
 */
export interface VitalsRequest {
  /**
   * The partner's id.
   */
  partner: string;
  /**
   * The page's key in the partner file, such as "landing".
   */
  page: string;
  /**
   * "control" or the id of the variant the page view showed.
   */
  version: string;
  /**
   * Largest Contentful Paint in milliseconds; left out when the browser did not report one.
   */
  lcp?: number;
  /**
   * Interaction to Next Paint in milliseconds; left out when the visitor did not interact.
   */
  inp?: number;
  /**
   * Cumulative Layout Shift (unitless); left out when the browser does not measure it.
   */
  cls?: number;
  /**
   * Script errors and unhandled promise rejections counted during the page view (no message or stack is sent).
   */
  errors: number;
}

/** The values of TouchKind (schemas/api/attribution-touch-kind.schema.json). */
export const TOUCH_KINDS = ['last', 'first'] as const satisfies readonly TouchKind[];

/** The values of ErrorCode (schemas/api/error-code.schema.json). */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_json',
  'payload_too_large',
  'invalid_email',
  'captcha_error',
  'unknown_referral',
  'unsupported_language',
  'invalid_action_token',
  'email_mismatch',
  'invalid_return_url',
  'order_not_found',
  'order_not_open',
  'order_not_free',
  'offer_closed',
  'invalid_claim_token',
  'claim_token_used',
  'invalid_profile',
  'invalid_signature',
  'webhook_not_configured',
  'payment_provider_error',
  'invalid_event',
  'unauthorized',
  'rate_limited',
  'too_many_orders',
  'not_found',
  'database_unavailable',
  'storage_full',
  'internal_error',
] as const satisfies readonly ErrorCode[];

/** The values of OrderStatus (schemas/api/order-status.schema.json). */
export const ORDER_STATUSES = [
  'open',
  'processing',
  'completed',
  'canceled',
  'expired',
  'failed',
] as const satisfies readonly OrderStatus[];

/** The values of TerminalOrderStatus (schemas/api/terminal-order-status.schema.json). */
export const TERMINAL_ORDER_STATUSES = [
  'completed',
  'canceled',
  'expired',
  'failed',
] as const satisfies readonly TerminalOrderStatus[];

/** The values of TestPaymentAction (schemas/api/test-payment-action.schema.json). */
export const TEST_PAYMENT_ACTIONS = [
  'pay',
  'decline',
  'cancel',
] as const satisfies readonly TestPaymentAction[];

/** The values of VitalMetric (schemas/api/vital-metric.schema.json). */
export const VITAL_METRICS = ['lcp', 'inp', 'cls'] as const satisfies readonly VitalMetric[];
