import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadServerConfig, SETTINGS } from '../config.ts';
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
      scanAppUrl: 'http://127.0.0.1:8787/scan',
      stripe: { secretKey: undefined, webhookSecret: undefined, priceAmountCents: 7500 },
    });
  });

  it('generates the token secret once, privately, next to the database', () => {
    const env = { DATABASE_PATH: './db/homesafe.db' };
    const first = loadServerConfig(env, { cwd: temp.dir });
    const second = loadServerConfig(env, { cwd: temp.dir });
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.tokenSecret).toBe(first.tokenSecret);
    const file = join(temp.dir, 'db', 'token-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.tokenSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('reads every variable', () => {
    const config = loadServerConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATABASE_PATH: '/tmp/x.db',
        TOKEN_SECRET: 'x'.repeat(40),
        APP_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PRICE_AMOUNT_CENTS: '5000',
        STRIPE_API_HOST: 'localhost',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
        RECAPTCHA_SECRET_KEY: 'rc',
        SMTP_URL: 'smtp://localhost:2525',
        MAIL_FROM: 'Scan <a@b.co>',
        PUBLIC_BASE_URL: 'https://scan.example.com/',
        METRICS_TOKEN: 'm'.repeat(24),
        METRICS_PORT: '9100',
        REQUEST_ID_HEADER: 'X-Request-Id',
      },
      { cwd: temp.dir },
    );
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      databasePath: '/tmp/x.db',
      tokenSecret: 'x'.repeat(40),
      appEnv: 'production',
      stripe: {
        secretKey: 'sk_test_1',
        webhookSecret: 'whsec_1',
        priceAmountCents: 5000,
        apiHost: 'localhost',
        apiPort: 12111,
        apiProtocol: 'http',
      },
      recaptchaSecretKey: 'rc',
      smtpUrl: 'smtp://localhost:2525',
      mailFrom: 'Scan <a@b.co>',
      publicBaseUrl: 'https://scan.example.com',
      scanAppUrl: 'https://scan.example.com/scan',
      allowTestPayments: false,
      logLevel: 'info',
      metrics: { token: 'm'.repeat(24), port: 9100 },
      requestIdHeader: 'x-request-id',
    });
  });

  it('refuses invalid values with one message naming each', () => {
    const load = () =>
      loadServerConfig(
        {
          PORT: 'eighty',
          APP_ENV: 'staging',
          TOKEN_SECRET: 'short',
          STRIPE_PRICE_AMOUNT_CENTS: '-1',
        },
        { cwd: temp.dir },
      );
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*APP_ENV[\s\S]*STRIPE_PRICE_AMOUNT_CENTS[\s\S]*TOKEN_SECRET/);
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
    const base = { APP_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40) };
    expect(() => loadServerConfig(base, { cwd: temp.dir })).toThrow(/STRIPE_SECRET_KEY/);
    expect(
      loadServerConfig({ ...base, ALLOW_TEST_PAYMENTS: '1' }, { cwd: temp.dir }).allowTestPayments,
    ).toBe(true);
  });

  it('documents every variable it reads', () => {
    const source = readFileSync(new URL('../config.ts', import.meta.url), 'utf8');
    const read = new Set([...source.matchAll(/env\.([A-Z_]+)/g)].map((match) => match[1]));
    expect(new Set(SETTINGS.map((setting) => setting.name))).toEqual(read);
    for (const setting of SETTINGS) expect(setting.description.length).toBeGreaterThan(10);
  });
});
