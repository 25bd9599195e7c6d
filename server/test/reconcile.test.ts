import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepository } from '../storage/kyselyRepository.ts';
import {
  deliverWebhook,
  signedWebhookEvent,
  startFakeStripe,
  type FakeStripe,
} from './fakeStripe.ts';
import {
  createCheckout,
  must,
  newOrder,
  signup,
  startServer,
  tempDir,
  type Checkout,
  type TestServer,
} from './helpers.ts';
import { freshPostgresUrl, testEngine } from './postgres/database.ts';

/**
 * Issue 30, "Reconcile what the webhook missed": three instances on one database (each its own
 * connection pool and its own reconcile timer, a round a second), Stripe played by the fake API,
 * no webhook delivered. The instances share a movable clock, so "five minutes later" is a step;
 * the rounds themselves run on real timers, and the test waits for what they store.
 */
const WEBHOOK_SECRET = 'whsec_test_reconcile';
const MINUTE = 60_000;

interface OrderRow {
  status: string;
  claim_token: string | null;
  report_id: string | null;
  payment_session_id: string;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The sum over instances of one series of /metrics (each instance counts what it did). */
async function metricSum(servers: readonly TestServer[], series: string): Promise<number> {
  let sum = 0;
  for (const server of servers) {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    sum += line ? Number(line.slice(series.length + 1)) : 0;
  }
  return sum;
}

describe('reconcile job with three instances on one database', () => {
  let fake: FakeStripe;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...fake.env,
      RECONCILE_INTERVAL_SECONDS: '1',
      RECONCILE_AFTER_SECONDS: '300',
    };
    const first = await startServer({ env });
    servers.push(first);
    for (let i = 0; i < 2; i += 1) {
      servers.push(await startServer({ env, dir: first.dir, clock: first.clock }));
    }
  });
  afterAll(async () => {
    // The first one owns the folder (and so the database): closed last.
    for (const server of [...servers].reverse()) await server.close();
    await fake.close();
  });

  const server = (index: number) => must(servers[index], `instance ${index}`);
  const order = async (checkout: Checkout) =>
    must(
      await server(0).row<OrderRow>('SELECT * FROM orders WHERE id = ?', checkout.orderId),
      'the order',
    );
  const lookups = (sessionId: string) =>
    fake.requests.filter(
      (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`,
    ).length;

  async function stripeCheckout(email: string, on: TestServer): Promise<Checkout> {
    return createCheckout(on, await signup(on, email), email);
  }

  it(
    'fulfils a paid order whose webhook was dropped exactly once, expires an expired one, and leaves young ones to their webhook',
    { timeout: 60_000 },
    async () => {
      const clock = server(0).clock;
      const paid = await stripeCheckout('paid-no-webhook@example.com', server(0));
      const expired = await stripeCheckout('walked-away@example.com', server(1));
      const paidSession = (await order(paid)).payment_session_id;
      const expiredSession = (await order(expired)).payment_session_id;
      // Paid in Stripe's page; the webhook never arrives (nothing is delivered in this test).
      fake.update(paidSession, { status: 'complete', payment_status: 'paid' });
      fake.update(expiredSession, { status: 'expired' });

      // Younger than RECONCILE_AFTER_SECONDS: nobody asks Stripe yet, however many rounds run.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(lookups(paidSession)).toBe(0);
      expect((await order(paid)).status).toBe('open');

      clock.advance(6 * MINUTE);
      const young = await stripeCheckout('still-paying@example.com', server(2));
      const youngSession = (await order(young)).payment_session_id;

      const fulfilled = await until(
        () => order(paid),
        (row) => row.status === 'completed',
      );
      expect(fulfilled.status).toBe('completed');
      expect(fulfilled.claim_token).toEqual(expect.any(String));
      expect(fulfilled.report_id).toEqual(expect.any(String));
      expect(
        (
          await until(
            () => order(expired),
            (row) => row.status === 'expired',
          )
        ).status,
      ).toBe('expired');

      // One instance asked about each order; the three together fulfilled the paid one once.
      expect(lookups(paidSession)).toBe(1);
      expect(lookups(expiredSession)).toBe(1);
      expect(lookups(youngSession)).toBe(0);
      expect(
        await until(
          () => metricSum(servers, 'homesafe_reconcile_orders_total{outcome="fulfilled"}'),
          (n) => n === 1,
        ),
      ).toBe(1);
      expect(await metricSum(servers, 'homesafe_reconcile_orders_total{outcome="expired"}')).toBe(
        1,
      );

      // Five more minutes: the young order is asked about (still open at Stripe: unchanged), the
      // settled ones never again.
      clock.advance(6 * MINUTE);
      await until(
        async () => lookups(youngSession),
        (n) => n > 0,
      );
      expect(
        await until(
          () => metricSum(servers, 'homesafe_reconcile_orders_total{outcome="unchanged"}'),
          (n) => n === 1,
        ),
      ).toBe(1);
      expect(lookups(youngSession)).toBe(1);
      expect(lookups(paidSession)).toBe(1);
      expect(lookups(expiredSession)).toBe(1);
      expect((await order(young)).status).toBe('open');

      // Stripe's late retry of the webhook changes nothing: one report id, one claim token.
      const late = await deliverWebhook(
        server(1).baseUrl,
        signedWebhookEvent(
          WEBHOOK_SECRET,
          'checkout.session.completed',
          fake.sessions.get(paidSession),
          'evt_late_retry',
        ),
      );
      expect(late.status).toBe(200);
      expect(await order(paid)).toMatchObject({
        status: 'completed',
        claim_token: fulfilled.claim_token,
        report_id: fulfilled.report_id,
      });

      // The visitor who left gets one confirmation email with the way back (issue 30), however
      // many instances reconciled and whether or not the webhook came late.
      const emails = await server(0).rows<{ kind: string }>(
        'SELECT kind FROM outbox WHERE to_address = ?',
        'paid-no-webhook@example.com',
      );
      expect(emails).toEqual([{ kind: 'confirmation' }]);

      // The outbox gauges are served beside it (no SMTP here: nothing waits, nothing failed).
      const metrics = await (await fetch(`${server(2).baseUrl}/metrics`)).text();
      expect(metrics).toContain('homesafe_outbox_emails{state="failed"} 0');
      expect(metrics).toContain('homesafe_outbox_emails{state="retrying"} 0');
    },
  );
});

describe('the per-order reconcile lease', () => {
  it(
    'gives each unsettled order to one of several instances asking at the same moment',
    { timeout: 60_000 },
    async () => {
      const temp = tempDir();
      const engine = testEngine();
      const target =
        engine === 'sqlite'
          ? { engine, path: join(temp.dir, 'lease.db') }
          : { engine, url: await freshPostgresUrl(), poolSize: 4 };
      const repos = [await openRepository(target), await openRepository(target)];
      repos.push(await openRepository(target));
      try {
        const first = must(repos[0], 'a repository');
        const ids = Array.from({ length: 12 }, (_, i) => `order-${i}`);
        for (const id of ids) {
          await first.createOrderForSession(
            {
              ...newOrder(id),
              paymentProvider: 'stripe',
              returnUrl: 'https://scan.example.test/return',
            },
            `cs_${id}`,
          );
        }
        const query = {
          provider: 'stripe' as const,
          createdBefore: 10_000,
          createdAfter: 0,
          checkedBefore: 10_000 - 300_000,
          limit: 50,
          at: 10_000,
        };
        const rounds = await Promise.all(
          [...repos, ...repos].map((repo) => repo.claimOrdersToReconcile(query)),
        );
        const taken = rounds.flat().map((order) => order.id);
        expect(taken.sort()).toEqual([...ids].sort());
        // Not again within the period, by anyone; again once it is over.
        expect(await first.claimOrdersToReconcile({ ...query, at: 20_000 })).toEqual([]);
        const later = { ...query, at: 400_000, checkedBefore: 400_000 - 300_000 };
        expect(await first.claimOrdersToReconcile(later)).toHaveLength(ids.length);
      } finally {
        for (const repo of repos) await repo.close();
        temp.remove();
      }
    },
  );
});
