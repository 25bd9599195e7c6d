import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  priceAmountCents: number;
  /** Only for tests against a fake Stripe server. */
  apiHost: string | undefined;
  apiPort: number | undefined;
  apiProtocol: 'http' | 'https' | undefined;
}

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  tokenSecret: string;
  appEnv: AppEnv;
  stripe: StripeSettings;
  recaptchaSecretKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicBaseUrl: string;
  scanAppUrl: string;
  allowTestPayments: boolean;
  logLevel: string;
  metrics: MetricsSettings;
  /** Header a trusted proxy puts the request id in; undefined: each instance makes its own. */
  requestIdHeader: string | undefined;
}

export interface MetricsSettings {
  /** When set, GET /metrics on the main port answers only with "Authorization: Bearer <token>". */
  token: string | undefined;
  /** When set, /metrics is served on this port (on HOST) instead of the main one. */
  port: number | undefined;
}

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
    name: 'DATABASE_PATH',
    description: 'SQLite database file; its folder also holds the generated token secret.',
    defaultValue: './data/homesafe.db',
  },
  {
    name: 'TOKEN_SECRET',
    description: 'Secret (at least 32 characters) that signs action and claim tokens.',
    defaultValue: 'random, generated once into <database folder>/token-secret',
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
    name: 'STRIPE_PRICE_AMOUNT_CENTS',
    description: 'Price of one scan in US cents (partners whose price text is FREE pay 0).',
    defaultValue: '7500',
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
      'Address the instructions email sends people to for scanning (report id is appended).',
    defaultValue: '<PUBLIC_BASE_URL>/scan',
  },
  {
    name: 'ALLOW_TEST_PAYMENTS',
    description: 'Set to 1 to allow the no-charge test payment provider when APP_ENV=production.',
    defaultValue: '0',
  },
  {
    name: 'METRICS_TOKEN',
    description:
      'Bearer token (at least 24 characters) that GET /metrics asks for on the main port; Prometheus sends it as authorization.',
    defaultValue: '(unset: /metrics open in development, off in production unless METRICS_PORT)',
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

/**
 * Reads the secret from <data folder>/token-secret, creating it the first time. Kept next to the
 * database (which .gitignore excludes) so restarts keep issued tokens valid.
 */
export function readOrCreateTokenSecret(dataDir: string): string {
  const file = join(dataDir, 'token-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together agree on one secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
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

  const appEnvRaw = nonEmpty(env.APP_ENV) ?? 'development';
  let appEnv: AppEnv = 'development';
  if (appEnvRaw === 'development' || appEnvRaw === 'production') appEnv = appEnvRaw;
  else problems.push(`APP_ENV must be "development" or "production" (got "${appEnvRaw}")`);

  const priceAmountCents = parseInteger(
    problems,
    'STRIPE_PRICE_AMOUNT_CENTS',
    nonEmpty(env.STRIPE_PRICE_AMOUNT_CENTS),
    7500,
    0,
    99_999_999,
  );
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
  const scanAppUrl = nonEmpty(env.SCAN_APP_URL) ?? `${publicBaseUrl}/scan`;
  if (!/^https?:\/\//.test(scanAppUrl))
    problems.push('SCAN_APP_URL must start with http:// or https://');

  const secretKey = nonEmpty(env.STRIPE_SECRET_KEY);
  const allowTestPayments = nonEmpty(env.ALLOW_TEST_PAYMENTS) === '1';
  if (appEnv === 'production' && !secretKey && !allowTestPayments) {
    // The test provider completes orders without charging anyone: never by accident in production.
    problems.push(
      'APP_ENV=production needs STRIPE_SECRET_KEY (or ALLOW_TEST_PAYMENTS=1 for a demo)',
    );
  }

  const logLevel = nonEmpty(env.LOG_LEVEL) ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }

  const metricsToken = nonEmpty(env.METRICS_TOKEN);
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`);
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

  let tokenSecret = nonEmpty(env.TOKEN_SECRET);
  if (tokenSecret !== undefined && tokenSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  tokenSecret ??= readOrCreateTokenSecret(dirname(databasePath));

  return {
    port,
    host,
    databasePath,
    tokenSecret,
    appEnv,
    stripe: {
      secretKey,
      webhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
      priceAmountCents,
      apiHost: nonEmpty(env.STRIPE_API_HOST),
      apiPort,
      apiProtocol,
    },
    recaptchaSecretKey: nonEmpty(env.RECAPTCHA_SECRET_KEY),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'HomeSafe Scan <no-reply@homesafe-scan.example>',
    publicBaseUrl,
    scanAppUrl,
    allowTestPayments,
    logLevel,
    metrics: { token: metricsToken, port: metricsPort },
    requestIdHeader,
  };
}
