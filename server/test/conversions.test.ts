import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import {
  recordVisit,
  readAttribution,
  type CookieJar,
} from '../../src/services/attribution/visit.ts';
import { PROJECT_ROOT } from '../app.ts';
import { loadServerConfig } from '../config.ts';
import { partnerEnvSuffix } from '../settingKinds.ts';
import { parseConversionArgs, runConversionCommand } from '../conversions/commands.ts';
import { createRepository, openRepository } from '../storage/kyselyRepository.ts';
import { connectDatabase, databaseTarget, type DatabaseTarget } from '../storage/database.ts';
import { MIGRATIONS, runMigrations } from '../storage/migrations.ts';
import { freshPostgresUrl, testEngine } from './postgres/database.ts';
import {
  completeBody,
  confirmationEmails,
  createClock,
  checkoutBody,
  createCheckout,
  inspector,
  must,
  newOrder,
  PRODUCTION_TEST_ENV,
  startServer,
  stepTwoLink,
  tempDir,
  testPayment,
  type Clock,
  type TestServer,
} from './helpers.ts';

/*
 * Issue 35, item 5: purchases sent from the server to GA4 (Measurement Protocol), Meta
 * (Conversions API) and the partner's own system, on the project's engine (SQLite here, Postgres
 * in the server-postgres project). Local fake receivers check what the real ones check; the
 * server's clock is a test clock, so a 10-minute outage and the retries after it take no time.
 */

const MINUTE = 60_000;
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE = 'https://scan.example.test';
const GA_ID = 'G-DEMO12345';
const PIXEL = '123456789012345';
const GA_SECRET = 'ga-secret-of-demo';
const META_TOKEN = 'meta-token-of-demo';
const SIGNING_KEY = 'signing-key-of-demo-at-least-32-characters';
const GA_COOKIE = 'GA1.1.1234567890.1764300000';
const FBP = 'fb.1.1764300000000.987654321';
const FBC = 'fb.1.1764300000000.IwAR0clickid';

interface Received {
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  raw: string;
}

/**
 * One local server standing in for the three receivers. Each refuses what the real one would
 * (a wrong secret, a missing field) with a 4xx, so a test passes only with well-formed requests;
 * `failing()` makes all of them answer 503 (an outage). The partner's receiver verifies the
 * signature and, as a real one should, keeps each idempotency key once.
 */
interface FakeReceivers {
  url: string;
  ga4: Received[];
  meta: Received[];
  partner: Received[];
  /** Requests the partner's receiver dropped as repeats of a key it already had. */
  partnerRepeats: number;
  failing: () => boolean;
  close(): Promise<void>;
}

const sha256Hex = /^[0-9a-f]{64}$/;

async function startReceivers(failing: () => boolean): Promise<FakeReceivers> {
  const fake: FakeReceivers = {
    url: '',
    ga4: [],
    meta: [],
    partner: [],
    partnerRepeats: 0,
    failing,
    close: async () => undefined,
  };
  const keys = new Set<string>();
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const answer = (status: number, text = '') => response.writeHead(status).end(text);
      if (fake.failing()) return answer(503, 'unavailable');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return answer(400, 'not JSON');
      }
      const got: Received = { query: url.searchParams, headers: request.headers, body, raw };
      if (url.pathname === '/mp/collect') {
        // GA4: the stream's id and its API secret in the query, a client id, a purchase.
        const events = body.events as { name?: string; params?: Record<string, unknown> }[];
        const params = events[0]?.params ?? {};
        if (url.searchParams.get('measurement_id') !== GA_ID) return answer(403);
        if (url.searchParams.get('api_secret') !== GA_SECRET) return answer(403);
        if (typeof body.client_id !== 'string' || events[0]?.name !== 'purchase')
          return answer(400);
        if (typeof params.transaction_id !== 'string' || typeof params.value !== 'number')
          return answer(400);
        if (!/^[A-Z]{3}$/.test(String(params.currency))) return answer(400);
        fake.ga4.push(got);
        return answer(204);
      }
      if (url.pathname === `/meta/v25.0/${PIXEL}/events`) {
        const [event] = body.data as Record<string, unknown>[];
        const user = (event?.user_data ?? {}) as { em?: string[] };
        if (body.access_token !== META_TOKEN) return answer(401, '{"error":"bad token"}');
        if (typeof event?.event_id !== 'string' || event.event_name !== 'Purchase')
          return answer(400);
        if (!user.em?.every((hash) => sha256Hex.test(hash))) return answer(400);
        fake.meta.push(got);
        return answer(200, '{"events_received":1}');
      }
      if (url.pathname === '/orders') {
        const timestamp = String(request.headers['x-homesafe-timestamp'] ?? '');
        const signature = String(request.headers['x-homesafe-signature'] ?? '');
        const expected = `t=${timestamp},v1=${createHmac('sha256', SIGNING_KEY).update(`${timestamp}.${raw}`).digest('hex')}`;
        const valid =
          signature.length === expected.length &&
          timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
        if (!valid) return answer(401, 'bad signature');
        const key = String(request.headers['idempotency-key'] ?? '');
        if (!key) return answer(400);
        if (keys.has(key)) {
          fake.partnerRepeats += 1;
          return answer(200, 'already had it');
        }
        keys.add(key);
        fake.partner.push(got);
        return answer(202);
      }
      return answer(404);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** demo with its own tags and system; cor-freedom (a free offer) asks before tags load. */
function partnerRoot(): ReturnType<typeof tempDir> {
  const root = tempDir('homesafe-conversions-');
  mkdirSync(join(root.dir, 'partners'));
  mkdirSync(join(root.dir, 'config'));
  cpSync(join(PROJECT_ROOT, 'config', 'site.json'), join(root.dir, 'config', 'site.json'));
  for (const id of ['default', 'demo', 'cor-freedom']) {
    const partner = JSON.parse(
      readFileSync(join(PROJECT_ROOT, 'partners', `${id}.json`), 'utf8'),
    ) as PartnerConfig;
    if (id !== 'default')
      partner.measurement = {
        googleTagId: GA_ID,
        metaPixelId: PIXEL,
        orderEndpoint: `https://crm.${id}.example/orders`,
        askConsent: id === 'cor-freedom',
      };
    writeFileSync(join(root.dir, 'partners', `${id}.json`), JSON.stringify(partner));
  }
  symlinkSync(join(PROJECT_ROOT, 'public'), join(root.dir, 'public'));
  return root;
}

function keysFor(fake: FakeReceivers, partners = ['DEMO', 'COR_FREEDOM']): Record<string, string> {
  const env: Record<string, string> = {
    GA4_MP_URL: `${fake.url}/mp/collect`,
    META_CAPI_URL: `${fake.url}/meta/v25.0`,
  };
  for (const suffix of partners) {
    env[`GA4_API_SECRET__${suffix}`] = GA_SECRET;
    env[`META_ACCESS_TOKEN__${suffix}`] = META_TOKEN;
    env[`ORDER_SIGNING_KEY__${suffix}`] = SIGNING_KEY;
    env[`ORDER_ENDPOINT__${suffix}`] = `${fake.url}/orders`;
  }
  return env;
}

/** A browser's cookie jar: the attribution script's cookie, beside the ad platforms' own. */
function browserJar(): CookieJar & { value(): string } {
  let cookie = '';
  return {
    read: () => cookie,
    write: (line) => {
      cookie = line.split(';')[0] ?? '';
    },
    value: () => cookie,
  };
}

interface Visitor {
  email: string;
  referral?: string;
  cookies?: string;
  gpc?: boolean;
  attribution?: unknown;
  /** The cookies the checkout request carries, when they changed after the signup. */
  checkoutCookies?: string;
}

/** Signs up as a browser does (cookies and headers included), opens the checkout. */
async function signupAndCheckout(server: TestServer, visitor: Visitor) {
  const response = await fetch(`${server.baseUrl}/api/landing/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': BROWSER,
      ...(visitor.cookies ? { cookie: visitor.cookies } : {}),
      ...(visitor.gpc ? { 'sec-gpc': '1' } : {}),
    },
    body: JSON.stringify({
      email: visitor.email,
      captchaToken: 'local:landing_signup',
      referral: visitor.referral ?? 'demo',
      ...(visitor.attribution === undefined ? {} : { attribution: visitor.attribution }),
    }),
  });
  expect(response.status).toBe(200);
  const { actionToken } = (await response.json()) as { actionToken: string };
  if (visitor.checkoutCookies === undefined)
    return createCheckout(server, actionToken, visitor.email);
  const opened = await fetch(`${server.baseUrl}/api/stripe/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor.checkoutCookies },
    body: JSON.stringify(checkoutBody(actionToken, visitor.email)),
  });
  expect(opened.status).toBe(200);
  return (await opened.json()) as Awaited<ReturnType<typeof createCheckout>>;
}

/** Signs up and pays (the test checkout), leaving the return page unopened (the tab closed). */
async function buys(server: TestServer, visitor: Visitor): Promise<string> {
  const checkout = await signupAndCheckout(server, visitor);
  if (checkout.provider === 'free') {
    const confirmed = await fetch(`${server.baseUrl}/api/landing/confirm-free-claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: checkout.orderId, clientSecret: checkout.clientSecret }),
    });
    expect(confirmed.status).toBe(200);
  } else {
    await testPayment(server, checkout, 'pay');
  }
  return checkout.orderId;
}

interface ConversionRow {
  id: string;
  destination: string;
  event: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

const conversionsOf = (server: TestServer, orderId: string) =>
  server.rows<ConversionRow>(
    'SELECT id, destination, event, status, attempts, last_error FROM conversions WHERE order_id = ? ORDER BY destination, event',
    orderId,
  );

const statuses = async (server: TestServer, orderId: string) =>
  Object.fromEntries(
    (await conversionsOf(server, orderId)).map((row) => [
      `${row.destination}:${row.event}`,
      row.status,
    ]),
  );

const forOrder = (received: Received[], orderId: string) =>
  received.filter((got) => got.raw.includes(orderId));

describe('conversions sent from the server', () => {
  const root = partnerRoot();
  let outage = false;
  let fake: FakeReceivers;
  let server: TestServer;
  let clock: Clock;

  beforeAll(async () => {
    fake = await startReceivers(() => outage);
    clock = createClock(Date.UTC(2026, 10, 28, 9, 0, 0));
    server = await startServer({
      clock,
      env: keysFor(fake),
      build: { root: root.dir, random: () => 0.5 },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    root.remove();
  });

  it('a visitor from a newsletter pays, closes the tab, comes back by the email link: one purchase reaches each receiver, with the right ids, value and hash', async () => {
    const jar = browserJar();
    recordVisit(
      {
        href: `${SITE}/demo?utm_source=newsletter&utm_campaign=spring&gclid=X`,
        referrer: '',
        now: clock.now,
      },
      jar,
    );
    const attribution = must(readAttribution(jar.read(), clock.now), 'the attribution cookie');
    const email = 'Newsletter.Reader@Example.com';
    const orderId = await buys(server, {
      email,
      attribution,
      cookies: `_ga=${GA_COOKIE}; ${jar.value()}; _fbp=${FBP}; _fbc=${FBC}`,
    });
    await server.app.flushConversions();

    const [ga4] = forOrder(fake.ga4, orderId);
    expect(forOrder(fake.ga4, orderId)).toHaveLength(1);
    expect(must(ga4, 'the GA4 purchase').body).toMatchObject({
      client_id: '1234567890.1764300000',
      events: [
        {
          name: 'purchase',
          params: { transaction_id: orderId, value: 75, currency: 'USD' },
        },
      ],
    });

    const metaEvents = forOrder(fake.meta, orderId);
    expect(metaEvents).toHaveLength(1);
    const [metaEvent] = must(metaEvents[0], 'the Meta purchase').body.data as Record<
      string,
      unknown
    >[];
    const normalised = createHash('sha256').update('newsletter.reader@example.com').digest('hex');
    expect(metaEvent).toMatchObject({
      event_name: 'Purchase',
      event_id: `purchase-${orderId}`,
      action_source: 'website',
      event_source_url: `${SITE}/demo/claim-offer/return`,
      user_data: { em: [normalised], fbp: FBP, fbc: FBC, client_user_agent: BROWSER },
      custom_data: { currency: 'USD', value: 75, order_id: orderId },
    });

    const partnerPurchases = forOrder(fake.partner, orderId);
    expect(partnerPurchases).toHaveLength(1);
    const purchase = must(partnerPurchases[0], 'the partner purchase');
    expect(purchase.headers['idempotency-key']).toBe(purchase.body.id);
    expect(purchase.body).toMatchObject({
      event: 'order.completed',
      order: { id: orderId, amountCents: 7500, currency: 'usd', email, paid: true },
      attribution: {
        last: { utm_source: 'newsletter', utm_campaign: 'spring', gclid: 'X' },
        lastChannel: '["newsletter",null,"spring"]',
      },
      consent: { choice: null, globalPrivacyControl: false, advertising: true },
    });

    // Three days later, back by the confirmation email's link: the profile goes to the partner
    // (its form told the visitor so), without the home scan's free-text name; no second purchase.
    clock.advance(3 * 24 * 60 * MINUTE);
    const confirmation = must((await confirmationEmails(server, email))[0], 'the confirmation');
    const claimToken = must(stepTwoLink(confirmation.text).searchParams.get('t'), 'a claim token');
    const saved = await fetch(`${server.baseUrl}/api/landing/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(completeBody(claimToken)),
    });
    expect(saved.status).toBe(201);
    await server.app.flushConversions();
    const toPartner = forOrder(fake.partner, orderId);
    expect(toPartner.map((got) => got.body.event)).toEqual([
      'order.completed',
      'home_profile.saved',
    ]);
    expect(toPartner[1]?.body.homeProfile).toEqual({
      describeHome: 'caregiver',
      postalCode: '53703',
      ownTheHome: true,
      numFloors: '2',
    });
    expect(forOrder(fake.ga4, orderId)).toHaveLength(1);
    expect(forOrder(fake.meta, orderId)).toHaveLength(1);
    expect(await statuses(server, orderId)).toEqual({
      'ga4:purchase': 'sent',
      'meta:purchase': 'sent',
      'partner:home_profile': 'sent',
      'partner:purchase': 'sent',
    });
  });

  it('a receiver down for 10 minutes gets the purchase afterwards, once, on the outbox schedule', async () => {
    outage = true;
    const start = clock.now;
    const outageEnds = start + 10 * MINUTE;
    const orderId = await buys(server, {
      email: 'during-outage@example.com',
      cookies: `_ga=${GA_COOKIE}; _fbp=${FBP}`,
    });
    await server.app.flushConversions();
    const tries: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const rows = await conversionsOf(server, orderId);
      if (rows.every((row) => row.status === 'sent')) break;
      const next = await server.row<{ next: number | string }>(
        "SELECT MIN(next_attempt_at) AS next FROM conversions WHERE order_id = ? AND status = 'pending'",
        orderId,
      );
      clock.now = Number(must(next, 'a next try').next);
      tries.push(clock.now);
      if (clock.now >= outageEnds) outage = false;
      await server.app.flushConversions();
    }
    // Tried again 1, 3, 7 and 15 minutes after the first failure (1, 2, 4, 8 minutes apart): the
    // fourth retry is the first after the outage, and it is delivered.
    expect(tries.map((at) => (at - start) / MINUTE)).toEqual([1, 3, 7, 15]);
    expect(forOrder(fake.ga4, orderId)).toHaveLength(1);
    expect(forOrder(fake.meta, orderId)).toHaveLength(1);
    expect(forOrder(fake.partner, orderId)).toHaveLength(1);
    const rows = await conversionsOf(server, orderId);
    expect(rows.map((row) => [row.status, Number(row.attempts)])).toEqual([
      ['sent', 5],
      ['sent', 5],
      ['sent', 5],
    ]);
    // The metrics count each try by destination and outcome, and nothing waits any more.
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const count = (labels: string) =>
      Number(
        new RegExp(`^homesafe_conversion_deliveries_total\\{${labels}\\} (\\d+)$`, 'm').exec(
          metrics,
        )?.[1] ?? 0,
      );
    expect(count('destination="meta",outcome="retry"')).toBe(4);
    expect(count('destination="meta",outcome="sent"')).toBeGreaterThanOrEqual(2);
    expect(metrics).toMatch(/^homesafe_conversions\{state="retrying"\} 0$/m);
    expect(metrics).toMatch(/^homesafe_conversions_oldest_pending_seconds 0$/m);
  });

  it('with Global Privacy Control or a refusal, nothing reaches GA4 or Meta; the partner still hears of the order', async () => {
    const cookies = `_ga=${GA_COOKIE}; _fbp=${FBP}; _fbc=${FBC}`;
    const gpc = await buys(server, { email: 'gpc@example.com', cookies, gpc: true });
    const refused = await buys(server, {
      email: 'refused@example.com',
      cookies: `${cookies}; hs_consent=v1.g.d`,
    });
    // A partner that asks: no choice made is no consent; accepting allows it.
    const silent = await buys(server, {
      email: 'silent@example.com',
      cookies,
      referral: 'cor-freedom',
    });
    const accepted = await buys(server, {
      email: 'accepted@example.com',
      cookies: `${cookies}; hs_consent=v1.g.g`,
      referral: 'cor-freedom',
    });
    await server.app.flushConversions();

    for (const orderId of [gpc, refused, silent]) {
      expect(forOrder(fake.ga4, orderId)).toEqual([]);
      expect(forOrder(fake.meta, orderId)).toEqual([]);
      expect(forOrder(fake.partner, orderId)).toHaveLength(1);
      expect(await statuses(server, orderId)).toEqual({
        'ga4:purchase': 'skipped',
        'meta:purchase': 'skipped',
        'partner:purchase': 'sent',
      });
    }
    // Nor are the ad platforms' ids kept with a refused signup.
    const stored = await server.row<{ signals: string }>(
      'SELECT signals FROM orders WHERE id = ?',
      gpc,
    );
    expect(JSON.parse(must(stored, 'the order').signals)).toEqual({ consent: null, gpc: true });
    expect(forOrder(fake.partner, gpc)[0]?.body.consent).toEqual({
      choice: null,
      globalPrivacyControl: true,
      advertising: false,
    });
    expect(forOrder(fake.ga4, accepted)).toHaveLength(1);
    expect(forOrder(fake.meta, accepted)).toHaveLength(1);
    // A free claim is worth 0.
    expect(forOrder(fake.ga4, accepted)[0]?.body).toMatchObject({
      events: [{ params: { transaction_id: accepted, value: 0 } }],
    });
  });

  it('the choice at checkout counts: a refusal after signing up keeps the purchase from the ad platforms', async () => {
    const cookies = `_ga=${GA_COOKIE}; _fbp=${FBP}; _fbc=${FBC}`;
    const changed = await buys(server, {
      email: 'changed-mind@example.com',
      cookies: `${cookies}; hs_consent=v1.g.g`,
      checkoutCookies: `${cookies}; hs_consent=v1.g.d`,
    });
    // An acceptance after a refused signup: the purchase may go to Meta by the email's hash,
    // with none of the browser ids the refused signup never kept (and so not to GA4, which
    // needs its client id).
    const later = await buys(server, {
      email: 'later-yes@example.com',
      cookies: `${cookies}; hs_consent=v1.d.d`,
      checkoutCookies: `${cookies}; hs_consent=v1.g.g`,
    });
    await server.app.flushConversions();
    expect(forOrder(fake.ga4, changed)).toEqual([]);
    expect(forOrder(fake.meta, changed)).toEqual([]);
    expect(forOrder(fake.partner, changed)).toHaveLength(1);
    const stored = await server.row<{ signals: string }>(
      'SELECT signals FROM orders WHERE id = ?',
      changed,
    );
    expect(JSON.parse(must(stored, 'the order').signals)).toEqual({
      consent: 'v1.g.d',
      gpc: false,
    });
    expect(forOrder(fake.ga4, later)).toEqual([]);
    const [toMeta] = forOrder(fake.meta, later);
    expect(JSON.stringify(toMeta?.body)).not.toMatch(/"(fbp|fbc|client_user_agent)"/);
    expect(forOrder(fake.meta, later)).toHaveLength(1);
  });

  it('a repeat after an answer lost on the way carries the same key, and the receiver drops it', async () => {
    const orderId = await buys(server, { email: 'lost-answer@example.com' });
    // As if the receiver took it but its answer never came back: the row is still pending.
    const [row] = (await conversionsOf(server, orderId)).filter(
      (conversion) => conversion.destination === 'partner',
    );
    await server.app.flushConversions();
    const first = forOrder(fake.partner, orderId);
    expect(first).toHaveLength(1);
    await server.rows(
      "UPDATE conversions SET status = 'pending', attempts = 1, next_attempt_at = NULL WHERE id = ?",
      must(row, 'the partner delivery').id,
    );
    const repeatsBefore = fake.partnerRepeats;
    await server.app.flushConversions();
    expect(forOrder(fake.partner, orderId)).toHaveLength(1);
    expect(fake.partnerRepeats).toBe(repeatsBefore + 1);
  });
});

describe('conversions without keys, and two instances on one database', () => {
  const root = partnerRoot();
  let fake: FakeReceivers;
  const started: TestServer[] = [];
  const folder = tempDir('homesafe-conversions-shared-');

  beforeAll(async () => {
    fake = await startReceivers(() => false);
  });
  afterAll(async () => {
    for (const server of started) await server.close();
    await fake.close();
    root.remove();
    folder.remove();
  });

  it('without keys nothing leaves the machine; the command lists them and shows what would be sent', async () => {
    // The addresses, but no secret.
    const env = Object.fromEntries(
      Object.entries(keysFor(fake)).filter(([name]) => !/SECRET|TOKEN|SIGNING/.test(name)),
    );
    const server = await startServer({ env, build: { root: root.dir } });
    started.push(server);
    const orderId = await buys(server, {
      email: 'no-keys@example.com',
      cookies: `_ga=${GA_COOKIE}`,
    });
    await server.app.flushConversions();
    expect(fake.ga4.length + fake.meta.length + fake.partner.length).toBe(0);
    expect(await statuses(server, orderId)).toEqual({
      'ga4:purchase': 'no_key',
      'meta:purchase': 'no_key',
      'partner:purchase': 'no_key',
    });

    const repo = await openRepository(databaseTarget(server.config));
    try {
      const listed = await runConversionCommand(
        repo,
        server.config.conversions,
        parseConversionArgs(['--failed']),
        server.clock.now,
      );
      expect(listed.text).toContain('not sent: no key');
      expect(listed.text).toContain('GA4_API_SECRET__DEMO is not set');
      const ga4 = must(
        (await conversionsOf(server, orderId)).find((row) => row.destination === 'ga4'),
        'the GA4 delivery',
      );
      const shown = await runConversionCommand(
        repo,
        server.config.conversions,
        parseConversionArgs(['--show', ga4.id]),
        server.clock.now,
      );
      expect(shown.text).toContain(
        `POST ${fake.url}/mp/collect?measurement_id=${GA_ID}&api_secret=<GA4_API_SECRET__DEMO>`,
      );
      expect(shown.text).toContain(`"transaction_id": "${orderId}"`);
      // Once the key is set, a retry sends it (the next server start, here).
      const retried = await runConversionCommand(
        repo,
        server.config.conversions,
        parseConversionArgs(['--retry', 'all-failed']),
        server.clock.now,
      );
      expect(retried.ok).toBe(true);
    } finally {
      await repo.close();
    }
  });

  it('two instances sharing one database send each purchase once', async () => {
    const env = keysFor(fake);
    const clock = createClock();
    const first = await startServer({ env, clock, dir: folder.dir, build: { root: root.dir } });
    started.push(first);
    const second = await startServer({ env, clock, dir: folder.dir, build: { root: root.dir } });
    started.push(second);
    const orders: string[] = [];
    for (let i = 0; i < 4; i += 1)
      orders.push(
        await buys(i % 2 === 0 ? first : second, {
          email: `twice-${i}@example.com`,
          cookies: `_ga=${GA_COOKIE}`,
        }),
      );
    await Promise.all([
      first.app.flushConversions(),
      second.app.flushConversions(),
      first.app.flushConversions(),
      second.app.flushConversions(),
    ]);
    for (const orderId of orders) {
      expect(forOrder(fake.ga4, orderId)).toHaveLength(1);
      expect(forOrder(fake.meta, orderId)).toHaveLength(1);
      expect(forOrder(fake.partner, orderId)).toHaveLength(1);
    }
    expect(fake.partnerRepeats).toBe(0);
  });
});

describe('the conversions settings', () => {
  it('reads secrets per partner by the id in capitals, and refuses what would leak or not work', () => {
    const config = loadServerConfig({
      GA4_API_SECRET__COR_FREEDOM: 'secret',
      ORDER_SIGNING_KEY__DEMO: SIGNING_KEY,
      META_CAPI_URL: 'http://127.0.0.1:9/meta/v25.0/',
    });
    expect(partnerEnvSuffix('cor-freedom')).toBe('COR_FREEDOM');
    expect(config.conversions.ga4ApiSecrets.get('COR_FREEDOM')).toBe('secret');
    expect(config.conversions.signingKeys.get('DEMO')).toBe(SIGNING_KEY);
    expect(config.conversions.metaUrl).toBe('http://127.0.0.1:9/meta/v25.0');
    expect(() => loadServerConfig({ ORDER_SIGNING_KEY__DEMO: 'short' })).toThrow(
      'ORDER_SIGNING_KEY__DEMO must be at least 32 characters',
    );
    expect(() => loadServerConfig({ GA4_API_SECRET__demo: 'secret' })).toThrow(
      'must be a partner id in capitals',
    );
    expect(() => loadServerConfig({ GA4_MP_URL: 'collect' })).toThrow(
      'GA4_MP_URL must be an http:// or https:// address',
    );
    expect(() =>
      loadServerConfig({
        ...PRODUCTION_TEST_ENV,
        TOKEN_SECRET: 'x'.repeat(40),
        ORDER_ENDPOINT__DEMO: 'http://crm.example/orders',
      }),
    ).toThrow('ORDER_ENDPOINT__DEMO must be an https:// address in production');
  });
});

describe('migration 12', () => {
  it('adds the signals as nullable columns (rows from before read as none) and an empty conversions table', async () => {
    const temp = tempDir('homesafe-conversions-migration-');
    const engine = testEngine();
    const target: DatabaseTarget =
      engine === 'sqlite'
        ? { engine, path: join(temp.dir, 'm.db') }
        : { engine, url: await freshPostgresUrl(), poolSize: 2 };
    const { db } = connectDatabase(target);
    try {
      await runMigrations(db, engine, MIGRATIONS.slice(0, 11));
      const before = createRepository(db, engine);
      const signupId = await before.addSignup({
        email: 'old@example.com',
        partnerId: 'demo',
        createdAt: 1,
      });
      await before.createOrder(newOrder('old'));
      expect(await runMigrations(db, engine, MIGRATIONS.slice(0, 12))).toEqual([12]);
      // Today's repository reads the later columns too (13, the visitor's language).
      await runMigrations(db, engine);
      const repo = createRepository(db, engine);
      expect((await repo.getSignupSource(signupId))?.signals).toBeNull();
      expect((await repo.getOrder('old'))?.signals).toBeNull();
      const rows = inspector(db, engine);
      expect(await rows('SELECT signals FROM signups')).toEqual([{ signals: null }]);
      expect(await repo.listConversions({ limit: 5 })).toEqual([]);
    } finally {
      await db.destroy();
      temp.remove();
    }
  });
});
