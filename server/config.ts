import { isIP } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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
}

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
};

export interface SettingDescription {
  name: string;
  description: string;
  defaultValue: string;
}

/** Documented in the README; keep in step with loadServerConfig below. */
export const SETTINGS: readonly SettingDescription[] = [
  { name: 'PORT', description: 'TCP port the server listens on.', defaultValue: '8787' },
  { name: 'HOST', description: 'Interface the server listens on.', defaultValue: '127.0.0.1' },
  {
    name: 'DATABASE_URL',
    description:
      'postgres://user:password@host:5432/db selects Postgres (several instances can share it); unset keeps SQLite at DATABASE_PATH.',
    defaultValue: '(unset: SQLite)',
  },
  {
    name: 'DATABASE_POOL_SIZE',
    description: 'Postgres connections each instance keeps open at most.',
    defaultValue: '10',
  },
  {
    name: 'DATABASE_STARTUP_WAIT_MS',
    description:
      'How long an instance started while its database is down keeps trying (a log line every attempt) before it exits with 1.',
    defaultValue: '60000',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    description:
      'On SIGTERM or SIGINT: how long requests in flight and the email being sent may take before the process exits anyway (with 1).',
    defaultValue: '10000',
  },
  {
    name: 'DATABASE_PATH',
    description: 'SQLite database file, used when DATABASE_URL is unset.',
    defaultValue: './data/homesafe.db',
  },
  {
    name: 'TOKEN_SECRET',
    description:
      'Secret (at least 32 characters) that signs action and claim tokens; every instance needs the same one. Required with APP_ENV=production.',
    defaultValue: 'development only: random, generated once and stored in the database',
  },
  {
    name: 'APP_ENV',
    description: 'development or production; picks each partner’s dev or prod campaign id.',
    defaultValue: 'development',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    description:
      'Stripe secret key; when set, real embedded Stripe Checkout replaces test payments.',
    defaultValue: '(unset: built-in test payment provider)',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    description: 'Signing secret (whsec_...) of the Stripe webhook endpoint /api/stripe/webhook.',
    defaultValue: '(unset: webhook answers 503)',
  },
  {
    name: 'STRIPE_API_HOST',
    description: 'Tests only: host of a fake Stripe API.',
    defaultValue: '(Stripe default)',
  },
  {
    name: 'STRIPE_API_PORT',
    description: 'Tests only: port of a fake Stripe API.',
    defaultValue: '(Stripe default)',
  },
  {
    name: 'STRIPE_API_PROTOCOL',
    description: 'Tests only: http or https for a fake Stripe API.',
    defaultValue: '(Stripe default)',
  },
  {
    name: 'RECAPTCHA_SECRET_KEY',
    description: 'reCAPTCHA v3 secret; when unset, only the offline tokens "local:<action>" pass.',
    defaultValue: '(unset: offline bot check)',
  },
  {
    name: 'SMTP_URL',
    description:
      'SMTP server URL such as smtps://user:pass@mail.example.com; unset keeps emails in the outbox table.',
    defaultValue: '(unset: outbox only)',
  },
  {
    name: 'MAIL_FROM',
    description: 'Sender of the instructions email.',
    defaultValue: 'HomeSafe Scan <no-reply@homesafe-scan.example>',
  },
  {
    name: 'PUBLIC_BASE_URL',
    description: 'Public address of the site, used for absolute links and logos in emails.',
    defaultValue: 'http://127.0.0.1:<PORT>',
  },
  {
    name: 'SCAN_APP_URL',
    description:
      'Address of the scan app the instructions email sends people to (report id is appended); required when APP_ENV=production.',
    defaultValue:
      '(development: <PUBLIC_BASE_URL>/api/dev/scan, a local page saying what the real link will be)',
  },
  {
    name: 'ALLOW_TEST_PAYMENTS',
    description: 'Set to 1 to allow the no-charge test payment provider when APP_ENV=production.',
    defaultValue: '0',
  },
  {
    name: 'ALLOW_LOCAL_BOT_CHECK',
    description:
      'Set to 1 to allow the offline bot check (no RECAPTCHA_SECRET_KEY) when APP_ENV=production.',
    defaultValue: '0',
  },
  {
    name: 'TRUST_PROXY',
    description:
      'Comma-separated IP addresses or CIDR ranges of your reverse proxies; only their X-Forwarded-For sets the client address the limits count.',
    defaultValue: '(unset: the TCP peer is the client)',
  },
  {
    name: 'RATE_LIMIT_WINDOW_SECONDS',
    description: 'Length of the window the per-client limits below count in.',
    defaultValue: '60',
  },
  {
    name: 'RATE_LIMIT_SIGNUP',
    description: 'Signups per client address per window.',
    defaultValue: String(DEFAULT_RATE_LIMITS.signup),
  },
  {
    name: 'RATE_LIMIT_CHECKOUT',
    description: 'Checkout sessions per client address per window.',
    defaultValue: String(DEFAULT_RATE_LIMITS.checkout),
  },
  {
    name: 'RATE_LIMIT_STATUS',
    description: 'Order status polls per client address per window.',
    defaultValue: String(DEFAULT_RATE_LIMITS.status),
  },
  {
    name: 'RATE_LIMIT_COMPLETE',
    description: 'Home profile creations (create-home) per client address per window.',
    defaultValue: String(DEFAULT_RATE_LIMITS.complete),
  },
  {
    name: 'RATE_LIMIT_VITALS',
    description:
      'Page-view measurements (Core Web Vitals and error counts, POST /api/vitals) per client address per window; past it they are dropped.',
    defaultValue: String(DEFAULT_RATE_LIMITS.vitals),
  },
  {
    name: 'RATE_LIMIT_ORDERS_PER_SIGNUP',
    description: 'Checkout sessions one signup (action token) may open in its 30 minutes.',
    defaultValue: String(DEFAULT_RATE_LIMITS.ordersPerSignup),
  },
  {
    name: 'VITE_GTM_CONTAINER_ID',
    description:
      'Google Tag Manager container (GTM-XXXX), read by the build and the server (its CSP); unset loads no tag.',
    defaultValue: '(unset)',
  },
  {
    name: 'VITE_GA_MEASUREMENT_ID',
    description:
      'Google Analytics 4 measurement id (G-XXXX), read by the build and the server (its CSP); unset loads no tag.',
    defaultValue: '(unset)',
  },
  {
    name: 'METRICS_TOKEN',
    description:
      'Bearer token (at least 24 characters) that GET /metrics asks for on the main port; Prometheus sends it as authorization.',
    defaultValue: '(unset: /metrics open in development, off in production unless METRICS_PORT)',
  },
  {
    name: 'REPORT_TOKEN',
    description:
      'Bearer token (at least 24 characters) that GET /api/report (the experiments funnel report) asks for.',
    defaultValue: '(unset: /api/report open in development, refused in production)',
  },
  {
    name: 'METRICS_PORT',
    description:
      'Serve /metrics on this separate port (on HOST) instead of the main one, for a scraper inside the private network.',
    defaultValue: '(unset)',
  },
  {
    name: 'REQUEST_ID_HEADER',
    description:
      'Header (such as x-request-id) whose value becomes the request id in logs; set only when the proxy in front always sets it.',
    defaultValue: '(unset: a random id per request)',
  },
  {
    name: 'LOG_LEVEL',
    description: 'Log level of server/main.ts: fatal, error, warn, info, debug, trace or silent.',
    defaultValue: 'info',
  },
];

/** The development stand-in for the scan app (server/routes/devScan.ts). */
export const DEV_SCAN_PATH = '/api/dev/scan';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server settings:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const MIN_SECRET_LENGTH = 32;
const MIN_METRICS_TOKEN_LENGTH = 24;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseInteger(
  problems: string[],
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** The same patterns the browser build checks (src/services/analytics.ts). */
export const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const GA_MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;

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

  const port = parseInteger(problems, 'PORT', nonEmpty(env.PORT), 8787, 0, 65535);
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const databasePath = resolve(cwd, nonEmpty(env.DATABASE_PATH) ?? './data/homesafe.db');
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/[^/]/i.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a postgres:// or postgresql:// address (leave it unset to use SQLite)',
    );
  }
  const databasePoolSize = parseInteger(
    problems,
    'DATABASE_POOL_SIZE',
    nonEmpty(env.DATABASE_POOL_SIZE),
    10,
    1,
    1000,
  );
  const shutdownTimeoutMs = parseInteger(
    problems,
    'SHUTDOWN_TIMEOUT_MS',
    nonEmpty(env.SHUTDOWN_TIMEOUT_MS),
    10_000,
    100,
    600_000,
  );
  const databaseStartupWaitMs = parseInteger(
    problems,
    'DATABASE_STARTUP_WAIT_MS',
    nonEmpty(env.DATABASE_STARTUP_WAIT_MS),
    60_000,
    0,
    3_600_000,
  );

  const appEnvRaw = nonEmpty(env.APP_ENV) ?? 'development';
  let appEnv: AppEnv = 'development';
  if (appEnvRaw === 'development' || appEnvRaw === 'production') appEnv = appEnvRaw;
  else problems.push(`APP_ENV must be "development" or "production" (got "${appEnvRaw}")`);

  const apiPortRaw = nonEmpty(env.STRIPE_API_PORT);
  const apiPort =
    apiPortRaw === undefined
      ? undefined
      : parseInteger(problems, 'STRIPE_API_PORT', apiPortRaw, 443, 1, 65535);
  const apiProtocolRaw = nonEmpty(env.STRIPE_API_PROTOCOL);
  let apiProtocol: 'http' | 'https' | undefined;
  if (apiProtocolRaw === 'http' || apiProtocolRaw === 'https') apiProtocol = apiProtocolRaw;
  else if (apiProtocolRaw !== undefined)
    problems.push(`STRIPE_API_PROTOCOL must be "http" or "https"`);

  const publicBaseUrl = (nonEmpty(env.PUBLIC_BASE_URL) ?? `http://127.0.0.1:${port}`).replace(
    /\/+$/,
    '',
  );
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl))
    problems.push('PUBLIC_BASE_URL must start with http:// or https://');
  // The scan app is another product: in production only its real address will do (this site
  // would read /scan as a partner id). In development a local page stands in for it.
  const scanAppUrlSet = nonEmpty(env.SCAN_APP_URL);
  const scanAppUrl = scanAppUrlSet ?? `${publicBaseUrl}${DEV_SCAN_PATH}`;
  if (appEnv === 'production' && scanAppUrlSet === undefined) {
    problems.push(
      'APP_ENV=production needs SCAN_APP_URL, the address of the scan app that the instructions email\'s "Start my home scan" button opens',
    );
  } else if (!/^https?:\/\//.test(scanAppUrl)) {
    problems.push('SCAN_APP_URL must start with http:// or https://');
  }

  const secretKey = nonEmpty(env.STRIPE_SECRET_KEY);
  const allowTestPayments = nonEmpty(env.ALLOW_TEST_PAYMENTS) === '1';
  if (appEnv === 'production' && !secretKey && !allowTestPayments) {
    // The test provider completes orders without charging anyone: never by accident in production.
    problems.push(
      'APP_ENV=production needs STRIPE_SECRET_KEY (or ALLOW_TEST_PAYMENTS=1 for a demo)',
    );
  }

  const recaptchaSecretKey = nonEmpty(env.RECAPTCHA_SECRET_KEY);
  const smtpUrl = nonEmpty(env.SMTP_URL);
  const liveReasons = [
    ...(appEnv === 'production' ? ['APP_ENV=production'] : []),
    ...(secretKey && /^(sk|rk)_live_/.test(secretKey) ? ['a live STRIPE_SECRET_KEY'] : []),
    ...(smtpUrl ? ['SMTP_URL'] : []),
    ...(recaptchaSecretKey ? ['RECAPTCHA_SECRET_KEY'] : []),
  ];
  const chargesMoney = appEnv === 'production' || liveReasons.includes('a live STRIPE_SECRET_KEY');
  const allowLocalBotCheck = nonEmpty(env.ALLOW_LOCAL_BOT_CHECK) === '1';
  if (chargesMoney && !recaptchaSecretKey && !allowLocalBotCheck) {
    // The offline check accepts a token anyone can type ("local:landing_signup"): fail closed.
    problems.push(
      `${appEnv === 'production' ? 'APP_ENV=production' : 'A live STRIPE_SECRET_KEY'} needs RECAPTCHA_SECRET_KEY, because the offline bot check lets anyone through (set ALLOW_LOCAL_BOT_CHECK=1 only for a demo)`,
    );
  }

  const trustProxy = parseTrustProxy(problems, nonEmpty(env.TRUST_PROXY));
  const windowSeconds = parseInteger(
    problems,
    'RATE_LIMIT_WINDOW_SECONDS',
    nonEmpty(env.RATE_LIMIT_WINDOW_SECONDS),
    DEFAULT_RATE_LIMITS.windowMs / 1000,
    1,
    86_400,
  );
  const limit = (name: string, raw: string | undefined, fallback: number) =>
    parseInteger(problems, name, nonEmpty(raw), fallback, 1, 1_000_000_000);
  const rateLimits: RateLimitSettings = {
    windowMs: windowSeconds * 1000,
    signup: limit('RATE_LIMIT_SIGNUP', env.RATE_LIMIT_SIGNUP, DEFAULT_RATE_LIMITS.signup),
    checkout: limit('RATE_LIMIT_CHECKOUT', env.RATE_LIMIT_CHECKOUT, DEFAULT_RATE_LIMITS.checkout),
    status: limit('RATE_LIMIT_STATUS', env.RATE_LIMIT_STATUS, DEFAULT_RATE_LIMITS.status),
    complete: limit('RATE_LIMIT_COMPLETE', env.RATE_LIMIT_COMPLETE, DEFAULT_RATE_LIMITS.complete),
    vitals: limit('RATE_LIMIT_VITALS', env.RATE_LIMIT_VITALS, DEFAULT_RATE_LIMITS.vitals),
    ordersPerSignup: limit(
      'RATE_LIMIT_ORDERS_PER_SIGNUP',
      env.RATE_LIMIT_ORDERS_PER_SIGNUP,
      DEFAULT_RATE_LIMITS.ordersPerSignup,
    ),
  };

  const gtmContainerId = nonEmpty(env.VITE_GTM_CONTAINER_ID);
  if (gtmContainerId !== undefined && !GTM_CONTAINER_ID.test(gtmContainerId))
    problems.push(`VITE_GTM_CONTAINER_ID must look like GTM-XXXXXXX (got "${gtmContainerId}")`);
  const gaMeasurementId = nonEmpty(env.VITE_GA_MEASUREMENT_ID);
  if (gaMeasurementId !== undefined && !GA_MEASUREMENT_ID.test(gaMeasurementId))
    problems.push(`VITE_GA_MEASUREMENT_ID must look like G-XXXXXXXXXX (got "${gaMeasurementId}")`);

  const logLevel = nonEmpty(env.LOG_LEVEL) ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }

  const metricsToken = nonEmpty(env.METRICS_TOKEN);
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`);
  }
  const reportToken = nonEmpty(env.REPORT_TOKEN);
  if (reportToken !== undefined && reportToken.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(`REPORT_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`);
  }
  const metricsPortRaw = nonEmpty(env.METRICS_PORT);
  const metricsPort =
    metricsPortRaw === undefined
      ? undefined
      : parseInteger(problems, 'METRICS_PORT', metricsPortRaw, 0, 1, 65535);
  if (metricsPort !== undefined && metricsPort === port) {
    problems.push('METRICS_PORT must differ from PORT');
  }
  const requestIdHeader = nonEmpty(env.REQUEST_ID_HEADER)?.toLowerCase();
  if (requestIdHeader !== undefined && !/^[a-z0-9-]+$/.test(requestIdHeader)) {
    problems.push('REQUEST_ID_HEADER must be a header name such as x-request-id');
  }

  const tokenSecret = nonEmpty(env.TOKEN_SECRET);
  if (tokenSecret !== undefined && tokenSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  } else if (tokenSecret === undefined && appEnv === 'production') {
    // Instances behind a load balancer must all verify each other's tokens, and a production
    // secret belongs in the deployment's secret store, not in a generated database row.
    problems.push(
      `APP_ENV=production needs TOKEN_SECRET (at least ${MIN_SECRET_LENGTH} characters), the same on every instance`,
    );
  }

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
    stripe: {
      secretKey,
      webhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
      apiHost: nonEmpty(env.STRIPE_API_HOST),
      apiPort,
      apiProtocol,
    },
    recaptchaSecretKey,
    smtpUrl,
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'HomeSafe Scan <no-reply@homesafe-scan.example>',
    publicBaseUrl,
    scanAppUrl,
    allowTestPayments,
    allowLocalBotCheck,
    liveMode: liveReasons.length > 0,
    liveReasons,
    trustProxy,
    rateLimits,
    analytics: { gtmContainerId, gaMeasurementId },
    logLevel,
    metrics: { token: metricsToken, port: metricsPort },
    reportToken,
    requestIdHeader,
  };
}
