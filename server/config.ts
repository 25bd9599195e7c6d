import { isIP } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  choice,
  flag,
  integer,
  optionalChoice,
  optionalInteger,
  optionalText,
  perPartner,
  setting,
  text,
  type Env,
  type Setting,
} from './settingKinds.ts';

/**
 * Every server setting comes from an environment variable and has an offline default, so
 * `npx tsx server/main.ts` works on a fresh checkout with no network and no accounts.
 */
export type AppEnv = 'development' | 'production';

export interface StripeSettings {
  /** When set, the Stripe adapter is used; otherwise the built-in test payment provider. */
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  /** Only for tests against a fake Stripe server. */
  apiHost: string | undefined;
  apiPort: number | undefined;
  apiProtocol: 'http' | 'https' | undefined;
}

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  /** postgres://… when the data lives in Postgres; undefined keeps SQLite at databasePath. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long a stopping instance (SIGTERM) lets requests in flight finish before it exits. */
  shutdownTimeoutMs: number;
  /** How long an instance starting while its database is down keeps trying before it exits. */
  databaseStartupWaitMs: number;
  /**
   * From TOKEN_SECRET; undefined in development without it, when the server uses the secret
   * generated once and stored in the database (shared by every instance on that database).
   */
  tokenSecret: string | undefined;
  appEnv: AppEnv;
  stripe: StripeSettings;
  recaptchaSecretKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicBaseUrl: string;
  scanAppUrl: string;
  allowTestPayments: boolean;
  /** ALLOW_LOCAL_BOT_CHECK=1: the offline bot check may run in production (a demo). */
  allowLocalBotCheck: boolean;
  /**
   * True when the server runs with real money, real mail or a real bot check (APP_ENV=production,
   * or any live key): the development-only surfaces are off and return URLs are restricted.
   */
  liveMode: boolean;
  /** Why liveMode is on, as setting names (for the start-up log). */
  liveReasons: string[];
  /** Addresses (IPs, CIDR ranges) of the proxies whose X-Forwarded-For is believed. */
  trustProxy: string[];
  rateLimits: RateLimitSettings;
  analytics: AnalyticsSettings;
  logLevel: string;
  metrics: MetricsSettings;
  /**
   * When set, GET /api/report answers only with "Authorization: Bearer <token>"; unset, it is open
   * in development and refused in production.
   */
  reportToken: string | undefined;
  /** Header a trusted proxy puts the request id in; undefined: each instance makes its own. */
  requestIdHeader: string | undefined;
  reconcile: ReconcileSettings;
  conversions: ConversionSettings;
}

/**
 * Where purchases are sent from the server (server/conversions/, docs/measurement.md): each
 * destination's address (the real one by default; tests and staging point them at local fakes)
 * and the per-partner secrets, keyed by the partner id's variable suffix (partnerEnvSuffix).
 */
export interface ConversionSettings {
  ga4Url: string;
  metaUrl: string;
  ga4ApiSecrets: ReadonlyMap<string, string>;
  metaAccessTokens: ReadonlyMap<string, string>;
  signingKeys: ReadonlyMap<string, string>;
  /** Replaces a partner file's measurement.orderEndpoint (staging, tests). */
  orderEndpoints: ReadonlyMap<string, string>;
}

/**
 * The job that asks the payment provider about orders its webhook left unsettled
 * (server/payments/reconcile.ts).
 */
export interface ReconcileSettings {
  /** How often each instance runs a round; 0 turns the job off. */
  intervalMs: number;
  /** An order is first asked about this long after it was created, and again each such period. */
  afterMs: number;
  /** Orders one round asks about at most. */
  batchSize: number;
}

export const DEFAULT_RECONCILE: ReconcileSettings = {
  intervalMs: 60_000,
  afterMs: 5 * 60_000,
  batchSize: 50,
};

export interface MetricsSettings {
  /** When set, GET /metrics on the main port answers only with "Authorization: Bearer <token>". */
  token: string | undefined;
  /** When set, /metrics is served on this port (on HOST) instead of the main one. */
  port: number | undefined;
}

/** Per-client abuse limits: at most `max` requests per client address in each window. */
export interface RateLimitSettings {
  windowMs: number;
  signup: number;
  checkout: number;
  status: number;
  complete: number;
  /** Page-view measurements (POST /api/vitals, one per page view of a tested page). */
  vitals: number;
  /** Checkout sessions one signup (action token) may open; each is a payment provider call. */
  ordersPerSignup: number;
  /** "Send me my link again" requests per client address per window. */
  resend: number;
  /** "Send me my link again" requests per email address per hour (each may send an email). */
  resendPerAddress: number;
}

/** Site-wide analytics tags; the pages load them (and the CSP allows them) only when set. */
export interface AnalyticsSettings {
  gtmContainerId: string | undefined;
  gaMeasurementId: string | undefined;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  windowMs: 60_000,
  signup: 10,
  checkout: 20,
  // A visitor polls once a second; a few tabs or a household behind one address stay well below.
  status: 300,
  complete: 10,
  // One per page view: a household behind one address reading many pages stays well below.
  vitals: 120,
  ordersPerSignup: 10,
  resend: 5,
  // An inbox is sent at most three links an hour, whoever asks for them.
  resendPerAddress: 3,
};

/** The development stand-in for the scan app (server/routes/devScan.ts). */
export const DEV_SCAN_PATH = '/api/dev/scan';

const MIN_SECRET_LENGTH = 32;
const MIN_METRICS_TOKEN_LENGTH = 24;

/** The same patterns the browser build checks (src/services/analytics.ts). */
export const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const GA_MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;

const httpAddress = (name: string) => (value: string) =>
  /^https?:\/\/[^/\s]+\S*$/.test(value)
    ? undefined
    : `${name} must be an http:// or https:// address (got "${value}")`;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** proxy-addr's names for private ranges, which Fastify's trustProxy accepts beside addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as a list of addresses and CIDR ranges. "true" (believe anyone's X-Forwarded-For)
 * is refused: then any client could choose the address its limits are counted under.
 */
function parseTrustProxy(problems: string[], raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!PROXY_RANGE_NAMES.has(entry) && (family === 0 || !prefixOk || rest.length > 0)) {
      problems.push(
        `TRUST_PROXY must list proxy IP addresses or CIDR ranges separated by commas (got "${entry}")`,
      );
    }
  }
  return entries;
}

const atLeast = (name: string, length: number) => (value: string) =>
  value.length < length ? `${name} must be at least ${length} characters` : undefined;

const rateLimit = (name: string, fallback: number, description: string) =>
  integer(name, { fallback, min: 1, max: 1_000_000_000 }, { description });

/**
 * Every server setting, each declared once: its variable, what it does, what production needs, its
 * default and its rule. loadServerConfig reads them, `check:env` reports their sentences, and the
 * table in docs/deploying.md is generated from them (`npm run docs:settings`; a test keeps it
 * current). Rules that join two settings (production needs, METRICS_PORT against PORT) are in
 * loadServerConfig.
 */
export const settings = {
  appEnv: choice(
    'APP_ENV',
    ['development', 'production'] as const,
    'development',
    {
      description:
        '`production` turns on the checks below, the prod campaign ids and the return-address allow-list; hides the dev outbox',
      production: '`production`',
    },
    (raw) => `APP_ENV must be "development" or "production" (got "${raw}")`,
  ),
  port: integer(
    'PORT',
    { fallback: 8787, min: 0, max: 65535 },
    { description: 'TCP port of the site and API' },
  ),
  host: text('HOST', '127.0.0.1', {
    description: 'interface to listen on',
    production: '`0.0.0.0` behind a balancer (warned)',
  }),
  databaseUrl: optionalText(
    'DATABASE_URL',
    {
      description: '`postgres://…` selects Postgres (several instances can share it)',
      production: 'needed for more than one instance (warned)',
      defaultText: 'unset: SQLite',
    },
    (value) =>
      /^postgres(ql)?:\/\/[^/]/i.test(value)
        ? undefined
        : 'DATABASE_URL must be a postgres:// or postgresql:// address (leave it unset to use SQLite)',
  ),
  databasePath: text('DATABASE_PATH', './data/homesafe.db', {
    description: 'SQLite file',
    production: 'only without `DATABASE_URL`',
  }),
  tokenSecret: optionalText(
    'TOKEN_SECRET',
    {
      description: 'signs action and claim tokens; the same on every instance',
      production: `**required** (refused), ≥ ${MIN_SECRET_LENGTH} characters`,
      defaultText: 'development: generated once and kept',
    },
    atLeast('TOKEN_SECRET', MIN_SECRET_LENGTH),
  ),
  publicBaseUrl: optionalText('PUBLIC_BASE_URL', {
    description: 'public address: email links and logos, allowed return-URL host',
    production: '**required**, `https://`, not local (refused)',
    defaultText: 'http://127.0.0.1:<PORT>',
  }),
  scanAppUrl: optionalText('SCAN_APP_URL', {
    description: 'where the email\'s "Start my home scan" button goes',
    production: '**required**, `https://` (refused)',
    defaultText: '<PUBLIC_BASE_URL>/api/dev/scan',
  }),
  stripeSecretKey: optionalText('STRIPE_SECRET_KEY', {
    description: 'enables Stripe embedded Checkout',
    production: '**required** unless `ALLOW_TEST_PAYMENTS=1` (refused)',
    defaultText: 'unset: built-in test payments (no charge)',
  }),
  stripeWebhookSecret: optionalText('STRIPE_WEBHOOK_SECRET', {
    description: '`whsec_…` of `/api/stripe/webhook`',
    production: '**required** with Stripe (refused)',
    defaultText: 'unset: webhook answers 503',
  }),
  stripeApiHost: optionalText('STRIPE_API_HOST', {
    description: 'tests only: the host of a fake Stripe API',
    production: 'never',
    defaultText: "Stripe's",
  }),
  stripeApiPort: optionalInteger(
    'STRIPE_API_PORT',
    { min: 1, max: 65535 },
    {
      description: 'tests only: the port of a fake Stripe API',
      production: 'never',
      defaultText: "Stripe's",
    },
  ),
  stripeApiProtocol: optionalChoice(
    'STRIPE_API_PROTOCOL',
    ['http', 'https'] as const,
    {
      description: 'tests only: `http` for a fake Stripe API',
      production: 'never',
      defaultText: "Stripe's",
    },
    'STRIPE_API_PROTOCOL must be "http" or "https"',
  ),
  allowTestPayments: flag('ALLOW_TEST_PAYMENTS', {
    description: 'allows the no-charge test provider with `APP_ENV=production`',
    production: '`1` only for a demo',
  }),
  recaptchaSecretKey: optionalText('RECAPTCHA_SECRET_KEY', {
    description: 'reCAPTCHA v3 secret',
    production: '**required** unless `ALLOW_LOCAL_BOT_CHECK=1` (refused)',
    defaultText: 'unset: offline bot check',
  }),
  allowLocalBotCheck: flag('ALLOW_LOCAL_BOT_CHECK', {
    description:
      '`1` allows the offline bot check (no RECAPTCHA_SECRET_KEY) with APP_ENV=production; otherwise the server refuses to start',
    production: 'never in real production',
  }),
  smtpUrl: optionalText('SMTP_URL', {
    description: 'mail server, e.g. `smtps://user:pass@mail.example.com`',
    production: '**required**; `smtps://` unless on localhost (refused)',
    defaultText: 'unset: emails stay in the outbox table',
  }),
  mailFrom: text('MAIL_FROM', 'HomeSafe Scan <no-reply@homesafe-scan.example>', {
    description: 'sender of the emails (confirmation and instructions)',
  }),
  logLevel: choice(
    'LOG_LEVEL',
    LOG_LEVELS,
    'info',
    {
      description: LOG_LEVELS.map((level) => `\`${level}\``).join(' '),
      production: '`info` or `warn` (debug and trace warned)',
    },
    () => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`,
  ),
  metricsToken: optionalText(
    'METRICS_TOKEN',
    {
      description: 'bearer token for `/metrics` on the main port',
      production: `this or \`METRICS_PORT\` (warned), ≥ ${MIN_METRICS_TOKEN_LENGTH} characters`,
    },
    atLeast('METRICS_TOKEN', MIN_METRICS_TOKEN_LENGTH),
  ),
  reportToken: optionalText(
    'REPORT_TOKEN',
    {
      description:
        'bearer token for `GET /api/report` (experiments funnel report); unset: open in development',
      production: `to read the report (refused without it), ≥ ${MIN_METRICS_TOKEN_LENGTH} characters`,
    },
    atLeast('REPORT_TOKEN', MIN_METRICS_TOKEN_LENGTH),
  ),
  metricsPort: optionalInteger(
    'METRICS_PORT',
    { min: 1, max: 65535 },
    {
      description: 'serve `/metrics` on this port instead',
      production: 'this or `METRICS_TOKEN` (warned)',
    },
  ),
  requestIdHeader: setting(
    'REQUEST_ID_HEADER',
    'text',
    { description: 'take the request id from this header (only if the proxy always sets it)' },
    'unset: a random id per request',
    (raw, problems) => {
      const header = raw?.toLowerCase();
      if (header !== undefined && !/^[a-z0-9-]+$/.test(header))
        problems.push('REQUEST_ID_HEADER must be a header name such as x-request-id');
      return header;
    },
  ),
  trustProxy: setting(
    'TRUST_PROXY',
    'list',
    {
      description:
        'comma-separated IP addresses or CIDR ranges of your reverse proxies; only their X-Forwarded-For sets the client address the abuse limits count (`*` is refused)',
      production: "the proxies' addresses behind a load balancer",
    },
    'unset: the TCP peer is the client',
    (raw, problems) => parseTrustProxy(problems, raw),
  ),
  rateLimitWindowSeconds: integer(
    'RATE_LIMIT_WINDOW_SECONDS',
    { fallback: DEFAULT_RATE_LIMITS.windowMs / 1000, min: 1, max: 86_400 },
    { description: 'length of the window the per-client limits count in' },
  ),
  rateLimitSignup: rateLimit(
    'RATE_LIMIT_SIGNUP',
    DEFAULT_RATE_LIMITS.signup,
    'signups per client address per window (`RATE_LIMIT_WINDOW_SECONDS`)',
  ),
  rateLimitCheckout: rateLimit(
    'RATE_LIMIT_CHECKOUT',
    DEFAULT_RATE_LIMITS.checkout,
    'checkout sessions per client address per window',
  ),
  rateLimitStatus: rateLimit(
    'RATE_LIMIT_STATUS',
    DEFAULT_RATE_LIMITS.status,
    'order status polls per client address per window',
  ),
  rateLimitComplete: rateLimit(
    'RATE_LIMIT_COMPLETE',
    DEFAULT_RATE_LIMITS.complete,
    'home profile creations (create-home) per client address per window',
  ),
  rateLimitOrdersPerSignup: rateLimit(
    'RATE_LIMIT_ORDERS_PER_SIGNUP',
    DEFAULT_RATE_LIMITS.ordersPerSignup,
    'checkout sessions one signup (action token) may open',
  ),
  rateLimitResend: rateLimit(
    'RATE_LIMIT_RESEND',
    DEFAULT_RATE_LIMITS.resend,
    '"send me my link again" requests per client address per window',
  ),
  rateLimitResendPerAddress: rateLimit(
    'RATE_LIMIT_RESEND_PER_ADDRESS',
    DEFAULT_RATE_LIMITS.resendPerAddress,
    '"send me my link again" requests per email address per hour',
  ),
  rateLimitVitals: rateLimit(
    'RATE_LIMIT_VITALS',
    DEFAULT_RATE_LIMITS.vitals,
    'page-view measurements (Core Web Vitals and error counts, POST /api/vitals) per client address per window; past it they are dropped',
  ),
  databasePoolSize: integer(
    'DATABASE_POOL_SIZE',
    { fallback: 10, min: 1, max: 1000 },
    { description: 'Postgres connections each instance keeps open at most' },
  ),
  shutdownTimeoutMs: integer(
    'SHUTDOWN_TIMEOUT_MS',
    { fallback: 10_000, min: 100, max: 600_000 },
    {
      description:
        'on SIGTERM or SIGINT, how long requests in flight and the email being sent may take before the process exits anyway (with 1)',
    },
  ),
  databaseStartupWaitMs: integer(
    'DATABASE_STARTUP_WAIT_MS',
    { fallback: 60_000, min: 0, max: 3_600_000 },
    {
      description:
        'how long an instance started while its database is down keeps trying (a log line each 2 s) before it exits with 1',
    },
  ),
  reconcileIntervalSeconds: integer(
    'RECONCILE_INTERVAL_SECONDS',
    { fallback: DEFAULT_RECONCILE.intervalMs / 1000, min: 0, max: 86_400 },
    {
      description:
        'how often each instance asks Stripe about unsettled orders and fulfils paid ones whose webhook never came; `0`: off ([docs](outbox.md))',
    },
  ),
  reconcileAfterSeconds: integer(
    'RECONCILE_AFTER_SECONDS',
    { fallback: DEFAULT_RECONCILE.afterMs / 1000, min: 1, max: 86_400 },
    {
      description:
        'how old an open or processing order must be before it is asked about, and how long before it is asked again',
    },
  ),
  reconcileBatchSize: integer(
    'RECONCILE_BATCH_SIZE',
    { fallback: DEFAULT_RECONCILE.batchSize, min: 1, max: 1000 },
    {
      description:
        'orders one reconcile round of one instance asks the payment provider about at most',
    },
  ),
  ga4Url: text(
    'GA4_MP_URL',
    'https://www.google-analytics.com/mp/collect',
    {
      description:
        "Google Analytics 4 Measurement Protocol address purchases are sent to (with each partner's measurement id and API secret); point it at a fake for tests or staging ([docs](measurement.md))",
    },
    httpAddress('GA4_MP_URL'),
  ),
  metaUrl: text(
    'META_CAPI_URL',
    'https://graph.facebook.com/v25.0',
    {
      description:
        "Meta Conversions API address with its version; purchases go to `<address>/<pixel id>/events` with the partner's access token",
    },
    httpAddress('META_CAPI_URL'),
  ),
  ga4ApiSecrets: perPartner('GA4_API_SECRET__', {
    description:
      "a partner's GA4 Measurement Protocol API secret (partner `cor-freedom`: `GA4_API_SECRET__COR_FREEDOM`); unset: its purchases are listed as not sent, no key",
    production: 'for each partner whose file names a Google Analytics ID',
  }),
  metaAccessTokens: perPartner('META_ACCESS_TOKEN__', {
    description:
      "a partner's Meta Conversions API access token; unset: its purchases are listed as not sent, no key",
    production: 'for each partner whose file names a Meta pixel ID',
  }),
  signingKeys: perPartner(
    'ORDER_SIGNING_KEY__',
    {
      description:
        "the key that signs (HMAC-SHA256) what a partner's own system receives (`measurement.orderEndpoint`); unset: listed as not sent, no key",
      production: `for each partner with an order endpoint, ≥ ${MIN_SECRET_LENGTH} characters`,
    },
    (name, value) =>
      value.length < MIN_SECRET_LENGTH
        ? `${name} must be at least ${MIN_SECRET_LENGTH} characters`
        : undefined,
  ),
  orderEndpoints: perPartner(
    'ORDER_ENDPOINT__',
    {
      description:
        "replaces a partner's `measurement.orderEndpoint` (a staging system, a local fake)",
      production: '`https://` (refused otherwise)',
      defaultText: "unset: the partner file's",
    },
    (name, value) => httpAddress(name)(value),
  ),
  gtmContainerId: optionalText(
    'VITE_GTM_CONTAINER_ID',
    {
      description:
        'The site-wide Google Tag Manager container (GTM-XXXX), read by the build and the server (its CSP): loaded for partners that name no Google tag of their own (measurement in the partner file); unset, they load none',
    },
    (value) =>
      GTM_CONTAINER_ID.test(value)
        ? undefined
        : `VITE_GTM_CONTAINER_ID must look like GTM-XXXXXXX (got "${value}")`,
  ),
  gaMeasurementId: optionalText(
    'VITE_GA_MEASUREMENT_ID',
    {
      description:
        'The site-wide Google Analytics 4 measurement id (G-XXXX), read by the build and the server (its CSP): loaded for partners that name no Google tag of their own (measurement in the partner file); unset, they load none',
    },
    (value) =>
      GA_MEASUREMENT_ID.test(value)
        ? undefined
        : `VITE_GA_MEASUREMENT_ID must look like G-XXXXXXXXXX (got "${value}")`,
  ),
};

/** Every server setting, in the order the docs list them. */
export const SETTINGS: readonly Setting<unknown>[] = Object.values(settings);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server settings:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The secret earlier releases generated into <SQLite folder>/token-secret, if there is one: the
 * database-stored development secret starts from it, so tokens issued before an upgrade stay valid.
 */
export function legacyTokenSecret(databasePath: string): string | undefined {
  try {
    const secret = readFileSync(join(dirname(databasePath), 'token-secret'), 'utf8').trim();
    return secret.length >= MIN_SECRET_LENGTH ? secret : undefined;
  } catch {
    return undefined;
  }
}

export interface LoadConfigOptions {
  /** Folder that relative paths are resolved from. Defaults to the current directory. */
  cwd?: string;
}

export function loadServerConfig(
  env: Env = process.env,
  options: LoadConfigOptions = {},
): ServerConfig {
  const cwd = options.cwd ?? process.cwd();
  const problems: string[] = [];
  const read = <T>(entry: Setting<T>): T => entry.read(env, problems);

  // Read in this order so that a value another one's default or rule needs comes first.
  const port = read(settings.port);
  const host = read(settings.host);
  const databasePath = resolve(cwd, read(settings.databasePath));
  const databaseUrl = read(settings.databaseUrl);
  const databasePoolSize = read(settings.databasePoolSize);
  const shutdownTimeoutMs = read(settings.shutdownTimeoutMs);
  const databaseStartupWaitMs = read(settings.databaseStartupWaitMs);
  const appEnv = read(settings.appEnv);
  const stripeApi = {
    apiHost: read(settings.stripeApiHost),
    apiPort: read(settings.stripeApiPort),
    apiProtocol: read(settings.stripeApiProtocol),
  };

  const publicBaseUrl = (read(settings.publicBaseUrl) ?? `http://127.0.0.1:${port}`).replace(
    /\/+$/,
    '',
  );
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl))
    problems.push('PUBLIC_BASE_URL must start with http:// or https://');
  // The scan app is another product: in production only its real address will do (this site
  // would read /scan as a partner id). In development a local page stands in for it.
  const scanAppUrlSet = read(settings.scanAppUrl);
  const scanAppUrl = scanAppUrlSet ?? `${publicBaseUrl}${DEV_SCAN_PATH}`;
  if (appEnv === 'production' && scanAppUrlSet === undefined) {
    problems.push(
      'APP_ENV=production needs SCAN_APP_URL, the address of the scan app that the instructions email\'s "Start my home scan" button opens',
    );
  } else if (!/^https?:\/\//.test(scanAppUrl)) {
    problems.push('SCAN_APP_URL must start with http:// or https://');
  }

  const secretKey = read(settings.stripeSecretKey);
  const allowTestPayments = read(settings.allowTestPayments);
  if (appEnv === 'production' && !secretKey && !allowTestPayments) {
    // The test provider completes orders without charging anyone: never by accident in production.
    problems.push(
      'APP_ENV=production needs STRIPE_SECRET_KEY (or ALLOW_TEST_PAYMENTS=1 for a demo)',
    );
  }

  const recaptchaSecretKey = read(settings.recaptchaSecretKey);
  const smtpUrl = read(settings.smtpUrl);
  const liveReasons = [
    ...(appEnv === 'production' ? ['APP_ENV=production'] : []),
    ...(secretKey && /^(sk|rk)_live_/.test(secretKey) ? ['a live STRIPE_SECRET_KEY'] : []),
    ...(smtpUrl ? ['SMTP_URL'] : []),
    ...(recaptchaSecretKey ? ['RECAPTCHA_SECRET_KEY'] : []),
  ];
  const chargesMoney = appEnv === 'production' || liveReasons.includes('a live STRIPE_SECRET_KEY');
  const allowLocalBotCheck = read(settings.allowLocalBotCheck);
  if (chargesMoney && !recaptchaSecretKey && !allowLocalBotCheck) {
    // The offline check accepts a token anyone can type ("local:landing_signup"): fail closed.
    problems.push(
      `${appEnv === 'production' ? 'APP_ENV=production' : 'A live STRIPE_SECRET_KEY'} needs RECAPTCHA_SECRET_KEY, because the offline bot check lets anyone through (set ALLOW_LOCAL_BOT_CHECK=1 only for a demo)`,
    );
  }

  const trustProxy = read(settings.trustProxy);
  const rateLimits: RateLimitSettings = {
    windowMs: read(settings.rateLimitWindowSeconds) * 1000,
    signup: read(settings.rateLimitSignup),
    checkout: read(settings.rateLimitCheckout),
    status: read(settings.rateLimitStatus),
    complete: read(settings.rateLimitComplete),
    ordersPerSignup: read(settings.rateLimitOrdersPerSignup),
    resend: read(settings.rateLimitResend),
    resendPerAddress: read(settings.rateLimitResendPerAddress),
    vitals: read(settings.rateLimitVitals),
  };
  const analytics = {
    gtmContainerId: read(settings.gtmContainerId),
    gaMeasurementId: read(settings.gaMeasurementId),
  };
  const logLevel = read(settings.logLevel);
  const metricsToken = read(settings.metricsToken);
  const reportToken = read(settings.reportToken);
  const metricsPort = read(settings.metricsPort);
  if (metricsPort !== undefined && metricsPort === port) {
    problems.push('METRICS_PORT must differ from PORT');
  }
  const requestIdHeader = read(settings.requestIdHeader);

  const reconcile: ReconcileSettings = {
    intervalMs: read(settings.reconcileIntervalSeconds) * 1000,
    afterMs: read(settings.reconcileAfterSeconds) * 1000,
    batchSize: read(settings.reconcileBatchSize),
  };

  const conversions: ConversionSettings = {
    ga4Url: read(settings.ga4Url),
    metaUrl: read(settings.metaUrl).replace(/\/+$/, ''),
    ga4ApiSecrets: read(settings.ga4ApiSecrets),
    metaAccessTokens: read(settings.metaAccessTokens),
    signingKeys: read(settings.signingKeys),
    orderEndpoints: read(settings.orderEndpoints),
  };
  if (appEnv === 'production') {
    for (const [suffix, address] of conversions.orderEndpoints) {
      if (!address.startsWith('https://'))
        problems.push(`ORDER_ENDPOINT__${suffix} must be an https:// address in production`);
    }
  }

  const tokenSecret = read(settings.tokenSecret);
  if (tokenSecret === undefined && appEnv === 'production') {
    // Instances behind a load balancer must all verify each other's tokens, and a production
    // secret belongs in the deployment's secret store, not in a generated database row.
    problems.push(
      `APP_ENV=production needs TOKEN_SECRET (at least ${MIN_SECRET_LENGTH} characters), the same on every instance`,
    );
  }
  const mailFrom = read(settings.mailFrom);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    databasePath,
    databaseUrl,
    databasePoolSize,
    shutdownTimeoutMs,
    databaseStartupWaitMs,
    tokenSecret,
    appEnv,
    stripe: { secretKey, webhookSecret: read(settings.stripeWebhookSecret), ...stripeApi },
    recaptchaSecretKey,
    smtpUrl,
    mailFrom,
    publicBaseUrl,
    scanAppUrl,
    allowTestPayments,
    allowLocalBotCheck,
    liveMode: liveReasons.length > 0,
    liveReasons,
    trustProxy,
    rateLimits,
    analytics,
    logLevel,
    metrics: { token: metricsToken, port: metricsPort },
    reportToken,
    requestIdHeader,
    reconcile,
    conversions,
  };
}
