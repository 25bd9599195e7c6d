import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../app.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';
import type { PaymentAdapter } from '../payments/types.ts';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { createMemoryCounterStore } from '../rateLimit/memoryCounterStore.ts';
import { startFakeStripe } from './fakeStripe.ts';
import {
  checkoutBody,
  completeBody,
  createCheckout,
  forBlock,
  getJson,
  must,
  paidClaimToken,
  pollStatus,
  postJson,
  PRODUCTION_TEST_ENV,
  RETURN_URL,
  serverForBlock,
  signup,
  startServer,
  tempDir,
  testPayment,
  type JsonResponse,
  type StartOptions,
  type TestServer,
} from './helpers.ts';

/**
 * The attack run of issue 13, as tests: each block attacks one finding over real HTTP and fails
 * on the code before the fix.
 */

const servers: TestServer[] = [];
async function open(options: StartOptions = {}): Promise<TestServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function signupWith(server: TestServer, headers: Record<string, string> = {}, email = 'a@b.co') {
  return fetch(`${server.baseUrl}/api/landing/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, captchaToken: 'local:landing_signup', referral: 'demo' }),
  });
}

/** The error shape every 4xx and 5xx must have, with the headers every answer carries. */
function expectApiError(response: JsonResponse<object>, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ error: code });
  const { message } = response.body as { message?: unknown };
  expect(typeof message).toBe('string');
  expect(String(message).length).toBeGreaterThan(10);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBeTruthy();
}

function expectRateLimited(response: JsonResponse<object>, code = 'rate_limited') {
  expectApiError(response, 429, code);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
}

describe('1. abuse limits', () => {
  it('limits signups per client to the default and tells the visitor how long to wait', async () => {
    const server = await open({ limits: 'configured' });
    const answers = [];
    for (let index = 0; index <= DEFAULT_RATE_LIMITS.signup; index += 1) {
      answers.push(
        await signup(server).then(
          () => 200,
          () => 0,
        ),
      );
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(DEFAULT_RATE_LIMITS.signup);
    const refused = await postJson(server, '/api/landing/signup', {
      email: 'a@b.co',
      captchaToken: 'local:landing_signup',
      referral: 'demo',
    });
    expectRateLimited(refused);
    expect(refused.body.message).toMatch(/^Too many tries in a short time\. Please wait \d+ /);
    // A signup that says the visitor reads Spanish is told in Spanish.
    const refusedInSpanish = await postJson(server, '/api/landing/signup', {
      email: 'a@b.co',
      captchaToken: 'local:landing_signup',
      referral: 'demo',
      language: 'es',
    });
    expectRateLimited(refusedInSpanish);
    expect(refusedInSpanish.body.message).toMatch(
      /^Demasiados intentos en poco tiempo\. Por favor, espere \d+ (segundos?|minutos?) y vuelva a intentarlo\.$/,
    );
    // The next window lets the client in again.
    server.clock.advance(DEFAULT_RATE_LIMITS.windowMs);
    expect((await signupWith(server)).status).toBe(200);
  });

  it('limits checkout sessions, status polls and create-home per client', async () => {
    const server = await open({
      limits: 'configured',
      env: {
        RATE_LIMIT_SIGNUP: '100',
        RATE_LIMIT_CHECKOUT: '3',
        RATE_LIMIT_STATUS: '4',
        RATE_LIMIT_COMPLETE: '2',
      },
    });
    const token = await signup(server);
    const checkout = await createCheckout(server, token);
    const { orderId, t } = await testPayment(server, checkout, 'pay');
    await createCheckout(server, token);
    await createCheckout(server, token);
    expectRateLimited(
      await postJson(server, '/api/stripe/api/create-checkout-session', checkoutBody(token)),
    );

    for (let poll = 0; poll < 4; poll += 1)
      expect((await pollStatus(server, orderId, t)).status).toBe(200);
    expectRateLimited(await pollStatus(server, orderId, t));

    const tries = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      tries.push(await postJson(server, '/api/landing/complete', completeBody('not-a-token')));
    expect(tries.slice(0, 2).map((answer) => answer.status)).toEqual([401, 401]);
    expectRateLimited(must(tries[2], 'a third answer'));
  });

  it('caps the checkout sessions one signup (action token) can open', async () => {
    const server = await open({
      limits: 'configured',
      env: { RATE_LIMIT_CHECKOUT: '1000', RATE_LIMIT_ORDERS_PER_SIGNUP: '3' },
    });
    const token = await signup(server);
    for (let order = 0; order < 3; order += 1) await createCheckout(server, token);
    const fourth = await postJson(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(token),
    );
    expectRateLimited(fourth, 'too_many_orders');
    // Refused before any order (or payment provider call) was made.
    const orders = (await server.row<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))!;
    expect(orders.n).toBe(3);
    // A fresh signup starts again.
    await createCheckout(server, await signup(server, 'other@example.com'), 'other@example.com');
  });

  it('counts the TCP peer, not a spoofed X-Forwarded-For, when the peer is not a trusted proxy', async () => {
    const server = await open({ limits: 'configured', env: { RATE_LIMIT_SIGNUP: '3' } });
    const statuses = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await signupWith(server, { 'x-forwarded-for': `203.0.113.${index + 1}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('believes X-Forwarded-For only from the proxies listed in TRUST_PROXY', async () => {
    // This test's client (127.0.0.1) plays the proxy.
    const server = await open({
      limits: 'configured',
      env: { RATE_LIMIT_SIGNUP: '2', TRUST_PROXY: '127.0.0.1' },
    });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']) {
      statuses.push((await signupWith(server, { 'x-forwarded-for': client })).status);
    }
    expect(statuses).toEqual([200, 200, 429, 200]);
    // A client that prepends its own X-Forwarded-For is still counted under the address the
    // trusted proxy saw (the right-most untrusted one).
    const spoofed = await signupWith(server, { 'x-forwarded-for': '198.51.100.7, 203.0.113.1' });
    expect(spoofed.status).toBe(429);
  });

  it('refuses a TRUST_PROXY that would believe anyone', async () => {
    await expect(open({ env: { TRUST_PROXY: 'true' } })).rejects.toThrow(/TRUST_PROXY/);
  });

  it('holds a limit across two instances that share one counter store', async () => {
    const store = createMemoryCounterStore();
    const env = { RATE_LIMIT_SIGNUP: '4' };
    const first = await open({ limits: 'configured', env, build: { counterStore: store } });
    const second = await open({
      limits: 'configured',
      env,
      build: { counterStore: store },
      clock: first.clock,
    });
    const statuses = [];
    for (const server of [first, second, first, second, first, second]) {
      statuses.push((await signupWith(server)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('2. the bot check fails closed in production', () => {
  const data = tempDir('homesafe-refused-');
  afterAll(() => data.remove());
  const envFor = (extra: Record<string, string>) => ({
    ...process.env,
    TOKEN_SECRET: 'x'.repeat(40),
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: join(data.dir, 'refused.db'),
    SCAN_APP_URL: 'https://app.scan.example.test/start',
    ...extra,
  });
  const start = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'server', 'main.ts')], {
      env: envFor(extra),
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('refuses to start with APP_ENV=production and no RECAPTCHA_SECRET_KEY', () => {
    const run = start({ APP_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/needs RECAPTCHA_SECRET_KEY/);
  }, 35_000);

  it('accepts the offline check in production only with ALLOW_LOCAL_BOT_CHECK=1', async () => {
    const server = await open({
      env: PRODUCTION_TEST_ENV,
    });
    expect((await signupWith(server)).status).toBe(200);
  });
});

describe('3. live keys switch the development surfaces off', () => {
  const fake = forBlock(startFakeStripe);

  it('with a live Stripe key and APP_ENV unset: no outbox page, return URLs restricted', async () => {
    const server = await open({
      env: {
        STRIPE_SECRET_KEY: 'sk_live_not_a_real_key',
        ...fake.env,
        ALLOW_LOCAL_BOT_CHECK: '1',
      },
    });
    expect(server.config.appEnv).toBe('development');
    expectApiError(await getJson(server, '/api/dev/outbox'), 404, 'not_found');
    const token = await signup(server);
    expectApiError(
      await postJson(
        server,
        '/api/stripe/api/create-checkout-session',
        checkoutBody(token, undefined, 'https://evil.example/return'),
      ),
      400,
      'invalid_return_url',
    );
    expect(
      (await postJson(server, '/api/stripe/api/create-checkout-session', checkoutBody(token)))
        .status,
    ).toBe(200);
  });

  it('with a reCAPTCHA secret in development: no outbox page', async () => {
    const server = await open({ env: { RECAPTCHA_SECRET_KEY: 'a-real-looking-secret' } });
    expect((await getJson(server, '/api/dev/outbox')).status).toBe(404);
  });

  it('refuses to start with a live Stripe key and no bot-check secret', async () => {
    await expect(open({ env: { STRIPE_SECRET_KEY: 'sk_live_x' } })).rejects.toThrow(
      /live STRIPE_SECRET_KEY needs RECAPTCHA_SECRET_KEY/,
    );
  });

  it('keeps the outbox page in plain development', async () => {
    const server = await open();
    expect((await getJson(server, '/api/dev/outbox')).status).toBe(200);
  });
});

describe('4. no bearer tokens in the logs or referrers, none cached', () => {
  const site = tempDir('homesafe-security-dist-');
  beforeAll(() => {
    mkdirSync(join(site.dir, 'assets'), { recursive: true });
    writeFileSync(join(site.dir, 'index.html'), '<!doctype html><title>shell</title>');
  });
  afterAll(() => site.remove());

  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    return { lines, logger: { level: 'trace', stream } };
  }

  it('never logs the status token, the claim token or the action token', async () => {
    const { lines, logger } = capture();
    const server = await open({ build: { staticDir: site.dir, logger } });
    const actionToken = await signup(server);
    const checkout = await createCheckout(server, actionToken);
    const { orderId, t } = await testPayment(server, checkout, 'pay');
    const status = await pollStatus(server, orderId, t);
    const claimToken = must(status.body.claimToken, 'a claim token');
    // The pages the browser loads with the tokens in their address.
    await fetch(`${server.baseUrl}/demo/claim-offer/return?orderId=${orderId}&t=${t}`);
    await fetch(`${server.baseUrl}/demo/claim-offer/create-home?t=${claimToken}`);
    await fetch(`${server.baseUrl}/api/missing?t=${t}&claimToken=${claimToken}`);
    const log = lines.join('');
    expect(log).toContain('/demo/claim-offer/create-home?t=[redacted]');
    for (const secret of [t, claimToken, actionToken, checkout.clientSecret]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts the return URL (and its t) from a payment provider error', async () => {
    const { lines, logger } = capture();
    const failing: PaymentAdapter = {
      provider: 'test',
      async createSession(input) {
        throw new Error(`Invalid URL: ${input.returnUrl}`);
      },
      getStatus: async () => undefined,
      parseWebhook: undefined,
    };
    const server = await open({ build: { logger, payments: failing } });
    const answer = await postJson(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(await signup(server)),
    );
    expectApiError(answer, 502, 'payment_provider_error');
    const row = (await server.row<{ status_token: string }>('SELECT status_token FROM orders'))!;
    const log = lines.join('');
    expect(log).toContain('Invalid URL');
    expect(log).toContain('t=[redacted]');
    expect(log).not.toContain(row.status_token);
  });

  it('sends no referrer from pages whose address carries a token, and caches no API answer', async () => {
    const server = await open({ build: { staticDir: site.dir } });
    const withToken = await fetch(`${server.baseUrl}/demo/claim-offer/create-home?t=abc.def.ghi`);
    expect(withToken.headers.get('referrer-policy')).toBe('no-referrer');
    const returnPage = await fetch(`${server.baseUrl}/demo/claim-offer/return?orderId=1&t=x`);
    expect(returnPage.headers.get('referrer-policy')).toBe('no-referrer');
    const landing = await fetch(`${server.baseUrl}/demo`);
    expect(landing.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const signupAnswer = await postJson(server, '/api/landing/signup', {
      email: 'a@b.co',
      captchaToken: 'local:landing_signup',
      referral: 'demo',
    });
    expect(signupAnswer.headers.get('cache-control')).toBe('no-store');
    const checkout = await postJson(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(String(signupAnswer.body.actionToken), 'a@b.co'),
    );
    expect(checkout.headers.get('cache-control')).toBe('no-store');
    const paid = await testPayment(
      server,
      checkout.body as unknown as { orderId: string; clientSecret: string; provider: string },
      'pay',
    );
    const status = await pollStatus(server, paid.orderId, paid.t);
    expect(status.body.claimToken).toBeTruthy();
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(status.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('6. one error format', () => {
  const WEBHOOK_SECRET = 'whsec_security_test';
  const signer = new Stripe('sk_test_only_for_signing');
  const fake = forBlock(startFakeStripe);
  const server = serverForBlock(() => ({
    env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...fake.env },
  }));

  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'names an extra profile field called %s in a real sentence',
    async (name) => {
      const testServer = await open();
      const { claimToken } = await paidClaimToken(testServer);
      const response = await postJson(testServer, '/api/landing/complete', {
        ...completeBody(claimToken),
        [name]: 'x',
      });
      expectApiError(response, 400, 'invalid_profile');
      expect(response.body.message).toBe(`${name} is not a home profile field.`);
      expect(response.body.fields).toEqual({ [name]: `${name} is not a home profile field.` });
    },
  );

  it("answers the router's errors in the API's shape, with the headers, without echoing the path", async () => {
    const badEscape = await getJson(server, '/api/test-payments/%E0%A4%A');
    expectApiError(badEscape, 400, 'invalid_request');
    expect(badEscape.text).not.toContain('%E0');
    // Longer than the router's 100-character parameter limit (a route of the test provider).
    const testServer = await open();
    const longParameter = await getJson(testServer, `/api/test-payments/${'a'.repeat(500)}`);
    expectApiError(longParameter, 400, 'invalid_request');
    expect(longParameter.text).not.toContain('a'.repeat(100));
    const unknownPath = await getJson(server, `/api/${'b'.repeat(2000)}`);
    expectApiError(unknownPath, 404, 'not_found');
    expect(unknownPath.text).not.toContain('b'.repeat(100));
  });

  function deliver(payload: string, timestamp?: number) {
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
    return fetch(`${server.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
      text: '',
    }));
  }

  it('answers a correctly signed but malformed Stripe event with 400', async () => {
    for (const payload of [
      JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: {} }),
      JSON.stringify({ id: 'evt_2', type: 'checkout.session.expired', data: { object: null } }),
      JSON.stringify({ id: 'evt_3', type: 'checkout.session.completed' }),
      'not json',
    ]) {
      expectApiError(await deliver(payload), 400, 'invalid_event');
    }
  });

  it('refuses a webhook signed with a timestamp far in the future', async () => {
    const payload = JSON.stringify({ id: 'evt_4', type: 'ping', data: { object: {} } });
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expectApiError(await deliver(payload, inAnHour), 400, 'invalid_signature');
    expect((await deliver(payload)).status).toBe(200);
  });
});

describe('7. return URLs are compared by origin', () => {
  it('refuses our host name on another scheme or port', async () => {
    const server = await open({
      env: PRODUCTION_TEST_ENV,
    });
    const create = async (returnUrl: string, referral = 'demo') =>
      postJson(
        server,
        '/api/stripe/api/create-checkout-session',
        checkoutBody(await signup(server, 'visitor@example.com', referral), undefined, returnUrl),
      );
    expectApiError(await create('http://scan.example.test/demo/return'), 400, 'invalid_return_url');
    expectApiError(
      await create('https://scan.example.test:8443/demo/return'),
      400,
      'invalid_return_url',
    );
    // A partner's own host name is allowed over https only.
    expectApiError(
      await create('http://homesafety.lowes.com/return', 'lowes'),
      400,
      'invalid_return_url',
    );
    expect((await create('https://homesafety.lowes.com/return', 'lowes')).status).toBe(200);
    expect((await create(RETURN_URL)).status).toBe(200);
  });
});

describe("analytics tags: each page's CSP allows exactly its partner's tags", () => {
  // A project of three partners: default (no tags), acme (its own GA4, Tag Manager and Meta pixel,
  // asks first) and pixel (a Meta pixel only, the opt-out model); a page of each in the build.
  const root = tempDir('homesafe-csp-root-');
  beforeAll(() => {
    mkdirSync(join(root.dir, 'partners'));
    mkdirSync(join(root.dir, 'config'));
    cpSync(join(PROJECT_ROOT, 'config', 'site.json'), join(root.dir, 'config', 'site.json'));
    const demo = JSON.parse(
      readFileSync(join(PROJECT_ROOT, 'partners', 'demo.json'), 'utf8'),
    ) as PartnerConfig;
    cpSync(
      join(PROJECT_ROOT, 'partners', 'default.json'),
      join(root.dir, 'partners', 'default.json'),
    );
    const partner = (id: string, hosts: string[], measurement: PartnerConfig['measurement']) =>
      writeFileSync(
        join(root.dir, 'partners', `${id}.json`),
        JSON.stringify({
          ...demo,
          id,
          name: id,
          hosts,
          form: {
            ...demo.form,
            consentText: `By continuing, you consent to ${id} receiving your home safety report.`,
          },
          offer: { ...demo.offer, campaignId: { dev: `${id}-dev`, prod: `${id}-prod` } },
          measurement,
        }),
      );
    partner('acme', ['acme.example'], {
      googleTagId: 'G-ACME12345',
      tagManagerId: 'GTM-ACME123',
      metaPixelId: '123456789012345',
      askConsent: true,
    });
    partner('pixel', [], { metaPixelId: '987654321098765' });
    symlinkSync(join(PROJECT_ROOT, 'public'), join(root.dir, 'public'));
    for (const dir of ['', 'acme', 'acme/claim-offer', 'pixel', '_host/acme']) {
      mkdirSync(join(root.dir, 'dist', dir), { recursive: true });
      writeFileSync(
        join(root.dir, 'dist', dir, 'index.html'),
        '<!doctype html><title>page</title>',
      );
    }
    writeFileSync(join(root.dir, 'dist', 'app-shell.html'), '<!doctype html><title>shell</title>');
  });
  afterAll(() => root.remove());

  const policies = async (
    env: Record<string, string>,
    addresses: (string | { path: string; host: string })[],
  ) => {
    const server = await open({
      env,
      build: { root: root.dir, staticDir: join(root.dir, 'dist') },
    });
    return Promise.all<string>(
      addresses.map(async (address) => {
        const { path, host } = typeof address === 'string' ? { path: address, host: '' } : address;
        const response = await server.app.inject({
          method: 'GET',
          url: path,
          headers: { host: host || '127.0.0.1' },
        });
        return String(response.headers['content-security-policy'] ?? '');
      }),
    );
  };
  const directive = (policy: string | undefined, name: string) =>
    (policy ?? '').split('; ').find((entry) => entry.startsWith(`${name} `)) ?? '';
  const TAG_HOSTS = /googletagmanager|google-analytics|doubleclick|googleadservices|facebook/;

  it("widens a partner's pages (prerendered, app shell, direct file) for its own tags only", async () => {
    const [landing, step, shell, file, other, plain] = await policies({}, [
      '/acme',
      '/acme/claim-offer',
      '/acme/claim-offer/payment-return?orderId=1',
      '/acme/index.html',
      '/pixel',
      '/',
    ]);
    for (const policy of [landing, step, shell, file]) {
      expect(directive(policy, 'script-src')).toContain('https://*.googletagmanager.com');
      expect(directive(policy, 'script-src')).toContain('https://connect.facebook.net');
      expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
      expect(directive(policy, 'connect-src')).toContain('https://www.facebook.com');
      expect(directive(policy, 'img-src')).toContain('https://www.facebook.com');
      // The notice's one inline line, by its hash, never 'unsafe-inline'.
      expect(directive(policy, 'script-src')).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
      expect(policy).not.toContain("'unsafe-inline' https");
      expect(directive(policy, 'script-src')).not.toContain('unsafe');
    }
    // A Meta pixel alone: Meta's hosts, none of Google's, no inline line (it does not ask).
    expect(directive(other, 'script-src')).toBe("script-src 'self' https://connect.facebook.net");
    expect(directive(other, 'connect-src')).toBe(
      "connect-src 'self' https://connect.facebook.net https://www.facebook.com",
    );
    expect(other).not.toMatch(/google/);
    // A partner without tags: none of those hosts.
    expect(plain).not.toMatch(TAG_HOSTS);
    expect(directive(plain, 'script-src')).toBe("script-src 'self'");
  });

  it('follows the host name first, as the pages do (spec §2)', async () => {
    const [onHost, defaultOnHost] = await policies({}, [
      { path: '/', host: 'acme.example' },
      { path: '/pixel', host: 'www.other.example' },
    ]);
    expect(onHost).toContain('https://connect.facebook.net');
    expect(onHost).toContain('https://*.googletagmanager.com');
    expect(defaultOnHost).not.toMatch(/google/);
  });

  it('uses the site-wide Google ids for a partner without its own, and never beside its own', async () => {
    const siteWide: Record<string, string>[] = [
      { VITE_GTM_CONTAINER_ID: 'GTM-ABC1234' },
      { VITE_GA_MEASUREMENT_ID: 'G-ABCDE12345' },
    ];
    for (const env of siteWide) {
      const [plain, pixel, acme] = await policies(env, ['/', '/pixel', '/acme']);
      for (const policy of [plain, pixel]) {
        expect(directive(policy, 'script-src')).toContain('https://*.googletagmanager.com');
        expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
      }
      expect(plain).not.toContain('facebook');
      expect(pixel).toContain('https://connect.facebook.net');
      // acme names its own Google ids: the same policy with or without the site's.
      const [acmeAlone] = await policies({}, ['/acme']);
      expect(acme).toBe(acmeAlone);
    }
  });
});
