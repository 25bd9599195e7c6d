import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  readAttribution,
  recordVisit,
  type CookieJar,
  type PageView,
} from '../../src/services/attribution/visit.ts';
import type { Attribution } from '../../src/services/attribution/rules.ts';
import type { FunnelReport } from '../../src/services/generated/api.ts';
import { API_SCHEMAS } from '../http/contract.ts';
import {
  completeBody,
  confirmationEmails,
  createCheckout,
  jwtPayload,
  must,
  pollStatus,
  RESEND_LINK,
  serverForBlock,
  stepTwoLink,
  testPayment,
  type Checkout,
  type TestServer,
} from './helpers.ts';

/**
 * Issue 35, attribution on signups and orders, on the project's engine (SQLite, and Postgres in
 * the server-postgres project): the browser's module writes the cookie from the address and the
 * referrer, the signup sends it, the server cleans it again, stores it with the signup and copies
 * it to the order, which keeps it through the way back by email. Bots get none.
 */
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE = 'https://scan.example.test';

/** A browser's cookie jar for one site: what document.cookie would hold. */
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

/** A page view in the visitor's browser at the server's clock. */
function visit(server: TestServer, jar: CookieJar, href: string, referrer = '', at?: number) {
  const view: PageView = { href: `${SITE}${href}`, referrer, now: at ?? server.clock.now };
  recordVisit(view, jar);
}

interface Posted {
  status: number;
  body: Record<string, unknown>;
}

async function post(
  server: TestServer,
  path: string,
  body: unknown,
  userAgent = BROWSER,
): Promise<Posted> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The signup as the browser sends it, with the jar's attribution; returns the action token. */
async function signupFrom(
  server: TestServer,
  email: string,
  options: { attribution?: unknown; userAgent?: string; referral?: string } = {},
): Promise<string> {
  const answer = await post(
    server,
    '/api/landing/signup',
    {
      email,
      captchaToken: 'local:landing_signup',
      referral: options.referral ?? 'demo',
      ...(options.attribution === undefined ? {} : { attribution: options.attribution }),
    },
    options.userAgent,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return String(answer.body.actionToken);
}

const jarAttribution = (server: TestServer, jar: CookieJar) =>
  must(readAttribution(jar.read(), server.clock.now), 'an attribution cookie');

interface StoredRow {
  attribution: string | null;
  first_channel: string | null;
  last_channel: string | null;
}

const signupRow = (server: TestServer, id: number) =>
  server.row<StoredRow & { email: string }>(
    'SELECT email, attribution, first_channel, last_channel FROM signups WHERE id = ?',
    id,
  );

const orderRow = (server: TestServer, id: string) =>
  server.row<StoredRow & { signup_id: number | null; status: string }>(
    'SELECT signup_id, status, attribution, first_channel, last_channel FROM orders WHERE id = ?',
    id,
  );

const touchesOf = (row: StoredRow | undefined): unknown =>
  row?.attribution === null || row === undefined ? null : JSON.parse(row.attribution);

async function pay(server: TestServer, checkout: Checkout): Promise<string> {
  const { orderId, t } = await testPayment(server, checkout, 'pay');
  const status = await pollStatus(server, orderId, t);
  return must(status.body.claimToken, 'a claim token');
}

describe('attribution from the landing page to the order', () => {
  const server = serverForBlock();

  it('a visitor from a newsletter link signs up and pays: the order carries it, the way back changes nothing', async () => {
    const jar = browserJar();
    const arrival = server.clock.now;
    visit(server, jar, '/demo?utm_source=newsletter&utm_campaign=spring&gclid=abc');
    // A day later the visitor types the address: a direct visit keeps both touches.
    server.clock.advance(24 * 60 * 60 * 1000);
    visit(server, jar, '/demo');
    const sent = jarAttribution(server, jar);
    const touch = {
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      gclid: 'abc',
      landingPage: '/demo',
      at: new Date(arrival).toISOString(),
    };
    expect(sent).toEqual({ first: touch, last: touch });

    const email = 'newsletter@example.com';
    const actionToken = await signupFrom(server, email, { attribution: sent });
    const signupId = Number(jwtPayload(actionToken).signupId);
    const signup = await signupRow(server, signupId);
    expect(signup?.email).toBe(email);
    expect(touchesOf(signup)).toEqual(sent);
    // utm_source given: its medium is not guessed from the click id.
    expect(signup?.last_channel).toBe('["newsletter",null,"spring"]');
    expect(signup?.first_channel).toBe('["newsletter",null,"spring"]');

    const checkout = await createCheckout(server, actionToken, email);
    const claimToken = await pay(server, checkout);
    const paid = await orderRow(server, checkout.orderId);
    expect(paid).toMatchObject({
      status: 'completed',
      attribution: signup?.attribution,
      first_channel: signup?.first_channel,
      last_channel: signup?.last_channel,
    });
    expect(Number(paid?.signup_id)).toBe(signupId);

    // Days later, back by the email's link from a webmail page: the browser's last touch moves to
    // the webmail, the order keeps what brought the visitor when it was made.
    server.clock.advance(3 * 24 * 60 * 60 * 1000);
    const [confirmation] = await confirmationEmails(server, email);
    const link = stepTwoLink(must(confirmation, 'the confirmation email').text);
    expect(link.searchParams.get('t')).toBe(claimToken);
    visit(server, jar, `${link.pathname}${link.search}`, 'https://mail.example.org/inbox/123');
    expect(jarAttribution(server, jar).last).toMatchObject({ referrerHost: 'mail.example.org' });
    expect(
      (
        await post(server, RESEND_LINK, {
          email,
          captchaToken: 'local:landing_resend',
          referral: 'demo',
        })
      ).status,
    ).toBe(202);
    await server.app.resendLinkIdle();
    const completed = await post(server, '/api/landing/complete', completeBody(claimToken));
    expect(completed.status).toBe(201);
    expect(await orderRow(server, checkout.orderId)).toEqual(paid);
    expect(touchesOf(await signupRow(server, signupId))).toEqual(sent);
  });

  it('a bot or a lab tool gets none, whatever it sends', async () => {
    const jar = browserJar();
    visit(server, jar, '/demo?utm_source=newsletter&utm_campaign=spring');
    const attribution = jarAttribution(server, jar);
    for (const [i, userAgent] of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
    ].entries()) {
      const email = `bot${i}@example.com`;
      const actionToken = await signupFrom(server, email, { attribution, userAgent });
      const signupId = Number(jwtPayload(actionToken).signupId);
      expect(await signupRow(server, signupId)).toMatchObject({
        attribution: null,
        first_channel: null,
        last_channel: null,
      });
      const checkout = await createCheckout(server, actionToken, email);
      expect(await orderRow(server, checkout.orderId)).toMatchObject({
        attribution: null,
        last_channel: null,
      });
    }
  });

  it('cleans markup and invisible characters, keeps a host only, and bounds every value and the whole', async () => {
    const now = server.clock.now;
    const long = 'x'.repeat(2000);
    const sent = {
      first: {
        utm_source: '  <b>News</b>letter\u0000 ',
        utm_campaign: '<script>alert(1)</script>Spring\u202e sale\n',
        utm_term: long,
        utm_content: long,
        gclid: long,
        gbraid: long,
        wbraid: long,
        fbclid: long,
        msclkid: long,
        referrerHost: 'https://evil.example/path?email=a@b.example',
        landingPage: '/demo?email=someone@example.com#top',
        pageVersion: 'landing:<img src=x>',
        at: new Date(now + 30 * 24 * 60 * 60 * 1000).toISOString(),
        email: 'someone@example.com',
      },
      last: {
        utm_source: 'Partner > Site',
        referrerHost: 'WWW.Partner.Example.',
        landingPage: 'javascript:alert(1)',
        at: new Date(now).toISOString(),
      },
    };
    const actionToken = await signupFrom(server, 'dirty@example.com', { attribution: sent });
    const row = must(
      await signupRow(server, Number(jwtPayload(actionToken).signupId)),
      'the signup',
    );
    const stored = touchesOf(row) as Attribution;
    expect(
      new TextEncoder().encode(must(row.attribution, 'attribution')).length,
    ).toBeLessThanOrEqual(1536);
    expect(stored.first).toMatchObject({
      utm_source: 'News letter',
      // As text: what was inside the tags stays, harmless, never markup.
      utm_campaign: 'alert(1) Spring sale',
      landingPage: '/demo',
    });
    // Too far ahead of the server's clock, not a version, not a host: left out, not cut.
    expect(stored.first).not.toHaveProperty('at');
    expect(stored.first).not.toHaveProperty('pageVersion');
    expect(stored.first).not.toHaveProperty('referrerHost');
    expect(stored.first).not.toHaveProperty('email');
    // Each long value cut to its bound (and the whole kept within 1.5 KB, above).
    expect(stored.first?.utm_term).toHaveLength(100);
    expect(stored.first?.gclid).toHaveLength(200);
    for (const value of Object.values(stored.first ?? {}))
      expect(value.length).toBeLessThanOrEqual(200);
    expect(stored.last).toEqual({
      utm_source: 'Partner Site',
      referrerHost: 'www.partner.example',
      at: new Date(now).toISOString(),
    });
    expect(row.last_channel).toBe('["partner site",null,null]');
    const values = [stored.first, stored.last].flatMap((touch) => Object.values(touch ?? {}));
    expect(values.join(' ')).not.toMatch(/[<>\p{Cc}\p{Cf}]/u);
  });
});

/** Validates with an independent Ajv (draft 2020-12, strict), as the contract test does. */
const ajv = new Ajv2020({
  strict: true,
  allErrors: true,
  // The report's generatedAt: an ISO time in UTC, as toISOString writes it.
  formats: { 'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/ },
});
for (const schema of Object.values(API_SCHEMAS)) ajv.addSchema(schema);

describe('the report by source equals what was done', () => {
  const server = serverForBlock();

  async function report(query = ''): Promise<FunnelReport> {
    const response = await fetch(`${server.baseUrl}/api/report?${query}`);
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    const validate = must(ajv.getSchema(API_SCHEMAS['report.response.schema.json'].$id), 'schema');
    expect(validate(body) ? [] : validate.errors).toEqual([]);
    return body as FunnelReport;
  }

  /** One visitor: their visits (address and referrer), a signup, and n paid checkouts. */
  async function visitor(
    email: string,
    visits: [string, string?][],
    options: { paid?: number; unpaid?: number; userAgent?: string; referral?: string } = {},
  ): Promise<void> {
    const jar = browserJar();
    for (const [href, referrer] of visits) {
      visit(server, jar, href, referrer);
      server.clock.advance(60 * 60 * 1000);
    }
    const attribution = readAttribution(jar.read(), server.clock.now);
    const actionToken = await signupFrom(server, email, {
      ...(attribution ? { attribution } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.referral ? { referral: options.referral } : {}),
    });
    for (let i = 0; i < (options.paid ?? 0); i += 1) {
      const checkout = await createCheckout(server, actionToken, email);
      if (checkout.provider === 'free') {
        const claimed = await post(server, '/api/landing/confirm-free-claim', {
          orderId: checkout.orderId,
          clientSecret: checkout.clientSecret,
        });
        expect(claimed.status).toBe(200);
      } else await pay(server, checkout);
    }
    // Opened and left: counted nowhere.
    for (let i = 0; i < (options.unpaid ?? 0); i += 1)
      await createCheckout(server, actionToken, email);
  }

  it('per partner and source, in JSON (valid against its schema) and in an 80-column text', async () => {
    const newsletter = '/demo?utm_source=Newsletter&utm_medium=email&utm_campaign=spring';
    await visitor('a@example.com', [[newsletter]], { paid: 1 });
    await visitor('b@example.com', [[newsletter]], { unpaid: 1 });
    // Paid twice from one signup: two orders, one converted signup.
    await visitor('c@example.com', [[newsletter, 'https://mail.example.org/']], { paid: 2 });
    // First from a Google ad (auto-tagged), then the newsletter: first touch google / cpc.
    await visitor('d@example.com', [['/demo?gclid=xyz'], [newsletter]], { paid: 1 });
    // From a search result, then directly: last touch stays the search.
    await visitor('e@example.com', [['/demo', 'https://www.google.co.uk/'], ['/demo']]);
    await visitor('f@example.com', [['/demo']], { paid: 1 });
    await visitor('g@example.com', [[newsletter]], {
      paid: 1,
      userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)',
    });
    await visitor('h@example.com', [['/cor-freedom?utm_source=care-charity&utm_medium=mailer']], {
      paid: 1,
      referral: 'cor-freedom',
    });

    const rate = (converted: number, signups: number) => converted / signups;
    const last = await report();
    expect(last.sources.touch).toBe('last');
    expect(
      last.sources.rows.map(({ partnerId, label, signups, converted, orders, revenue }) => ({
        partnerId,
        label,
        signups,
        converted,
        orders,
        revenue,
      })),
    ).toEqual([
      {
        partnerId: 'cor-freedom',
        label: 'care-charity / mailer / (none)',
        signups: 1,
        converted: 1,
        orders: 1,
        revenue: [{ currency: 'usd', amountCents: 0 }],
      },
      {
        partnerId: 'cor-freedom',
        label: 'Direct or unknown',
        signups: 0,
        converted: 0,
        orders: 0,
        revenue: [],
      },
      {
        partnerId: 'demo',
        label: 'newsletter / email / spring',
        signups: 4,
        converted: 3,
        orders: 4,
        revenue: [{ currency: 'usd', amountCents: 4 * 7500 }],
      },
      {
        partnerId: 'demo',
        label: 'Direct or unknown',
        signups: 2,
        converted: 2,
        orders: 2,
        revenue: [{ currency: 'usd', amountCents: 2 * 7500 }],
      },
      {
        partnerId: 'demo',
        label: 'google / organic / (none)',
        signups: 1,
        converted: 0,
        orders: 0,
        revenue: [],
      },
    ]);
    const row = must(
      last.sources.rows.find((candidate) => candidate.label === 'newsletter / email / spring'),
      'the newsletter row',
    );
    expect(row).toMatchObject({ source: 'newsletter', medium: 'email', campaign: 'spring' });
    expect(row.conversion.rate).toBe(rate(3, 4));
    const { interval, anytime } = row.conversion;
    // The anytime interval holds the fixed one: it pays for reading the report every day.
    expect(must(anytime, 'anytime').low).toBeLessThanOrEqual(must(interval, 'interval').low);
    expect(must(anytime, 'anytime').high).toBeGreaterThanOrEqual(must(interval, 'interval').high);

    const first = await report('touch=first&partner=demo');
    expect(first.sources.touch).toBe('first');
    expect(
      first.sources.rows.map(({ label, signups, converted, orders }) => [
        label,
        signups,
        converted,
        orders,
      ]),
    ).toEqual([
      ['newsletter / email / spring', 3, 2, 3],
      ['Direct or unknown', 2, 2, 2],
      ['google / cpc / (none)', 1, 1, 1],
      ['google / organic / (none)', 1, 0, 0],
    ]);

    const text = await (
      await fetch(`${server.baseUrl}/api/report?format=text&partner=demo`)
    ).text();
    const section = text.slice(text.indexOf('By source'));
    expect(section).toContain('By source (last touch');
    expect(section).toMatch(/newsletter \/ email \/ spring\s+4\s+4\s+\$300\.00/);
    expect(section).toMatch(/Direct or unknown\s+2\s+2\s+\$150\.00/);
    expect(section).toContain('3/4 converted: 75.0%');
    for (const line of section.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});
