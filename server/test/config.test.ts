import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_RATE_LIMITS,
  DEFAULT_RECONCILE,
  loadServerConfig,
  SETTINGS,
} from '../config.ts';
import { tempDir } from './helpers.ts';

describe('server settings', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it('has offline defaults for everything', () => {
    const config = loadServerConfig({}, { cwd: temp.dir });
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databasePath: join(temp.dir, 'data', 'homesafe.db'),
      appEnv: 'development',
      recaptchaSecretKey: undefined,
      smtpUrl: undefined,
      publicBaseUrl: 'http://127.0.0.1:8787',
      scanAppUrl: 'http://127.0.0.1:8787/api/dev/scan',
      stripe: { secretKey: undefined, webhookSecret: undefined },
    });
  });

  it('leaves the development token secret to the database, and SQLite when no URL is set', () => {
    const config = loadServerConfig({}, { cwd: temp.dir });
    // buildServer then uses the secret generated once into the database (storage.test.ts).
    expect(config.tokenSecret).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses a production start without TOKEN_SECRET, saying why', () => {
    const load = () =>
      loadServerConfig({ APP_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' }, { cwd: temp.dir });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'APP_ENV=production needs TOKEN_SECRET (at least 32 characters), the same on every instance',
    );
  });

  it('reads every variable', () => {
    const config = loadServerConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATABASE_PATH: '/tmp/x.db',
        DATABASE_URL: 'postgres://app:pw@db.internal:5432/homesafe',
        DATABASE_POOL_SIZE: '25',
        TOKEN_SECRET: 'x'.repeat(40),
        APP_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_HOST: 'localhost',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
        RECAPTCHA_SECRET_KEY: 'rc',
        SMTP_URL: 'smtp://localhost:2525',
        MAIL_FROM: 'Scan <a@b.co>',
        PUBLIC_BASE_URL: 'https://scan.example.com/',
        SCAN_APP_URL: 'https://app.scan.example.com/start',
        METRICS_TOKEN: 'm'.repeat(24),
        METRICS_PORT: '9100',
        REQUEST_ID_HEADER: 'X-Request-Id',
        RECONCILE_INTERVAL_SECONDS: '30',
        RECONCILE_AFTER_SECONDS: '600',
        RECONCILE_BATCH_SIZE: '20',
      },
      { cwd: temp.dir },
    );
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      databasePath: '/tmp/x.db',
      databaseUrl: 'postgres://app:pw@db.internal:5432/homesafe',
      databasePoolSize: 25,
      shutdownTimeoutMs: 10_000,
      databaseStartupWaitMs: 60_000,
      tokenSecret: 'x'.repeat(40),
      appEnv: 'production',
      stripe: {
        secretKey: 'sk_test_1',
        webhookSecret: 'whsec_1',
        apiHost: 'localhost',
        apiPort: 12111,
        apiProtocol: 'http',
      },
      recaptchaSecretKey: 'rc',
      smtpUrl: 'smtp://localhost:2525',
      mailFrom: 'Scan <a@b.co>',
      publicBaseUrl: 'https://scan.example.com',
      scanAppUrl: 'https://app.scan.example.com/start',
      allowTestPayments: false,
      allowLocalBotCheck: false,
      liveMode: true,
      liveReasons: ['APP_ENV=production', 'SMTP_URL', 'RECAPTCHA_SECRET_KEY'],
      trustProxy: [],
      rateLimits: DEFAULT_RATE_LIMITS,
      analytics: { gtmContainerId: undefined, gaMeasurementId: undefined },
      logLevel: 'info',
      metrics: { token: 'm'.repeat(24), port: 9100 },
      requestIdHeader: 'x-request-id',
      reconcile: { intervalMs: 30_000, afterMs: 600_000, batchSize: 20 },
      conversions: {
        ga4Url: 'https://www.google-analytics.com/mp/collect',
        metaUrl: 'https://graph.facebook.com/v25.0',
        ga4ApiSecrets: new Map(),
        metaAccessTokens: new Map(),
        signingKeys: new Map(),
        orderEndpoints: new Map(),
      },
    });
  });

  it('runs the reconcile job every minute for orders five minutes old by default; 0 turns it off; refuses nonsense', () => {
    expect(loadServerConfig({}, { cwd: temp.dir }).reconcile).toEqual(DEFAULT_RECONCILE);
    expect(DEFAULT_RECONCILE).toEqual({ intervalMs: 60_000, afterMs: 300_000, batchSize: 50 });
    expect(
      loadServerConfig({ RECONCILE_INTERVAL_SECONDS: '0' }, { cwd: temp.dir }).reconcile.intervalMs,
    ).toBe(0);
    expect(() =>
      loadServerConfig(
        { RECONCILE_AFTER_SECONDS: '0', RECONCILE_BATCH_SIZE: 'lots' },
        { cwd: temp.dir },
      ),
    ).toThrow(
      /RECONCILE_AFTER_SECONDS must be a whole number from 1 to 86400 \(got "0"\)[\s\S]*RECONCILE_BATCH_SIZE must be a whole number from 1 to 1000 \(got "lots"\)/,
    );
  });

  it('refuses invalid values with one message naming each', () => {
    const load = () =>
      loadServerConfig(
        {
          PORT: 'eighty',
          APP_ENV: 'staging',
          TOKEN_SECRET: 'short',
          STRIPE_API_PORT: '0',
          DATABASE_URL: 'mysql://db/homesafe',
        },
        { cwd: temp.dir },
      );
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /PORT[\s\S]*DATABASE_URL must be a postgres:\/\/[\s\S]*APP_ENV[\s\S]*STRIPE_API_PORT[\s\S]*TOKEN_SECRET/,
    );
  });

  it('refuses a short metrics token, a metrics port equal to PORT and a malformed id header', () => {
    const load = () =>
      loadServerConfig(
        {
          PORT: '9000',
          METRICS_TOKEN: 'short',
          METRICS_PORT: '9000',
          REQUEST_ID_HEADER: 'x request id',
        },
        { cwd: temp.dir },
      );
    expect(load).toThrow(
      /METRICS_TOKEN must be at least 24[\s\S]*METRICS_PORT must differ[\s\S]*REQUEST_ID_HEADER/,
    );
  });

  it('refuses no-charge test payments in production unless explicitly allowed', () => {
    const base = {
      APP_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(40),
      RECAPTCHA_SECRET_KEY: 'rc',
      SCAN_APP_URL: 'https://app.scan.example.com/start',
    };
    expect(() => loadServerConfig(base, { cwd: temp.dir })).toThrow(/STRIPE_SECRET_KEY/);
    expect(
      loadServerConfig({ ...base, ALLOW_TEST_PAYMENTS: '1' }, { cwd: temp.dir }).allowTestPayments,
    ).toBe(true);
  });

  it('reads the abuse limits, the trusted proxies and the analytics ids', () => {
    const config = loadServerConfig(
      {
        TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1, loopback',
        RATE_LIMIT_WINDOW_SECONDS: '30',
        RATE_LIMIT_SIGNUP: '5',
        RATE_LIMIT_CHECKOUT: '6',
        RATE_LIMIT_STATUS: '7',
        RATE_LIMIT_COMPLETE: '8',
        RATE_LIMIT_VITALS: '11',
        RATE_LIMIT_ORDERS_PER_SIGNUP: '9',
        RATE_LIMIT_RESEND: '4',
        RATE_LIMIT_RESEND_PER_ADDRESS: '2',
        VITE_GTM_CONTAINER_ID: 'GTM-ABC1234',
        VITE_GA_MEASUREMENT_ID: 'G-ABCDE12345',
      },
      { cwd: temp.dir },
    );
    expect(config.trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    expect(config.rateLimits).toEqual({
      windowMs: 30_000,
      signup: 5,
      checkout: 6,
      status: 7,
      complete: 8,
      vitals: 11,
      ordersPerSignup: 9,
      resend: 4,
      resendPerAddress: 2,
    });
    expect(config.analytics).toEqual({
      gtmContainerId: 'GTM-ABC1234',
      gaMeasurementId: 'G-ABCDE12345',
    });
    expect(config.liveMode).toBe(false);
    const load = () =>
      loadServerConfig(
        {
          TRUST_PROXY: '*',
          RATE_LIMIT_SIGNUP: '0',
          VITE_GTM_CONTAINER_ID: 'UA-1',
          VITE_GA_MEASUREMENT_ID: 'G-"x',
        },
        { cwd: temp.dir },
      );
    expect(load).toThrow(
      /TRUST_PROXY[\s\S]*RATE_LIMIT_SIGNUP[\s\S]*VITE_GTM_CONTAINER_ID[\s\S]*VITE_GA_MEASUREMENT_ID/,
    );
  });

  it('refuses to start in production without the scan app address, and says why', () => {
    const load = (env: Record<string, string>) => () =>
      loadServerConfig(
        {
          APP_ENV: 'production',
          TOKEN_SECRET: 'x'.repeat(40),
          ALLOW_TEST_PAYMENTS: '1',
          ALLOW_LOCAL_BOT_CHECK: '1',
          ...env,
        },
        { cwd: temp.dir },
      );
    expect(load({})).toThrow(ConfigError);
    expect(load({})).toThrow(
      'APP_ENV=production needs SCAN_APP_URL, the address of the scan app that the instructions email\'s "Start my home scan" button opens',
    );
    expect(load({ SCAN_APP_URL: 'ftp://scan.example.com' })).toThrow(
      'SCAN_APP_URL must start with http:// or https://',
    );
    expect(load({ SCAN_APP_URL: 'https://app.scan.example.com/start' })().scanAppUrl).toBe(
      'https://app.scan.example.com/start',
    );
  });

  it('reads the environment only through its declared settings, each described', () => {
    const source = readFileSync(new URL('../config.ts', import.meta.url), 'utf8');
    // Every variable is read by its entry in `settings` (name, default and rule in one place).
    expect(source).not.toMatch(/env\.[A-Z_]+|env\[/);
    const names = SETTINGS.map((setting) => setting.name);
    expect(new Set(names).size).toBe(names.length);
    for (const setting of SETTINGS) {
      expect(setting.description.length, setting.name).toBeGreaterThan(10);
      expect(setting.defaultText, setting.name).not.toBe('');
    }
  });

  it('reads a bad value of every whole-number setting as a sentence naming it and its range', () => {
    for (const { name } of SETTINGS.filter((setting) => setting.kind === 'whole number')) {
      expect(() => loadServerConfig({ [name]: '1.5' }), name).toThrow(
        new RegExp(`${name} must be a whole number from \\d+ to \\d+ \\(got "1.5"\\)`),
      );
    }
  });
});
