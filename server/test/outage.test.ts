import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_DB_TIMEOUT_MS } from '../routes/health.ts';
import { PG_CONNECT_TIMEOUT_MS } from '../storage/database.ts';
import { createRepository } from '../storage/kyselyRepository.ts';
import { runMigrations } from '../storage/migrations.ts';
import type { Schema } from '../storage/schema.ts';
import { startFakeSmtp, type FakeSmtp } from './fakeSmtp.ts';
import {
  checkoutBody,
  completeBody,
  createCheckout,
  getJson,
  must,
  pollStatus,
  postJson,
  signup,
  startServer,
  tempDir,
  testPayment,
  type JsonResponse,
  type TestServer,
} from './helpers.ts';
import { startCluster, type Cluster } from './postgres/cluster.ts';

/**
 * Issue 23, part 3: the server rides out its database. Postgres (a cluster of this file's own,
 * so the other files' cluster is never stopped) is stopped in the middle of visitors' journeys,
 * once cleanly and once as a crash; SQLite runs out of room. Every refused request answers in the
 * usual error shape with Retry-After within a bounded time, nothing is half-written, /health says
 * so, and once the database is back the same server instances finish every journey, each order
 * completed once and each email sent once.
 */

const MAIL_FROM = 'HomeSafe Scan <hello@scan.example.test>';
/**
 * A refused request answers within this: the longer of the server's own limits (pg's connect
 * time-out, health's), four times over. The behaviour is "refused, not left hanging"; the margin
 * keeps a busy machine's slowness out of it (docs/testing.md, Time in tests).
 */
const REFUSAL_BOUND_MS = Math.max(PG_CONNECT_TIMEOUT_MS, HEALTH_DB_TIMEOUT_MS) * 4;

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await call();
  return { value, ms: Date.now() - started };
}

/** Polls until the instance's /health says the database is up (bounded). */
async function untilHealthy(server: TestServer, boundMs = 20_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if ((await getJson(server, '/health')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.baseUrl} not healthy after ${boundMs} ms`);
}

function expectRefused(response: JsonResponse<unknown>, code: string, status: number): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toEqual({ error: code, message: expect.any(String) });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  // A sentence for a person, not a driver's message or a stack.
  expect(response.text).not.toMatch(/ECONNREFUSED|SQLITE|at .*\.ts|terminat/i);
}

/** Every refusal a visitor could meet in the middle of a journey, while the database is away. */
async function expectEveryApiRefused(
  server: TestServer,
  journey: { actionToken: string; openOrderId: string; claimToken: string },
): Promise<void> {
  const attempts: Array<() => Promise<JsonResponse<unknown>>> = [
    () =>
      postJson(server, '/api/landing/signup', {
        email: 'during-outage@example.com',
        captchaToken: 'local:landing_signup',
        referral: 'demo',
      }),
    () =>
      postJson(
        server,
        '/api/stripe/api/create-checkout-session',
        checkoutBody(journey.actionToken, 'outage-0@example.com'),
      ),
    // An order not settled yet: its status is read from the database.
    () => pollStatus(server, journey.openOrderId, 'not-the-token'),
    () => postJson(server, '/api/landing/complete', completeBody(journey.claimToken)),
  ];
  for (const attempt of attempts) {
    const { value, ms } = await timed(attempt);
    expectRefused(value, 'database_unavailable', 503);
    expect(ms).toBeLessThan(REFUSAL_BOUND_MS);
  }
  const { value: health, ms } = await timed(() => getJson(server, '/health'));
  expect(health.status).toBe(503);
  expect(health.body).toEqual({ ok: false, database: 'down' });
  expect(ms).toBeLessThan(REFUSAL_BOUND_MS);
}

describe('Postgres stopped and started again under two running instances', () => {
  let cluster: Cluster;
  let smtp: FakeSmtp;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    [cluster, smtp] = await Promise.all([startCluster({ durable: true }), startFakeSmtp()]);
    for (let index = 0; index < 2; index += 1) {
      servers.push(
        await startServer({
          databaseUrl: cluster.url,
          env: { SMTP_URL: smtp.url, MAIL_FROM },
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all([cluster.stop(), smtp.close()]);
  });

  it.each(['fast', 'immediate'] as const)(
    'refuses clearly while stopped (%s), then the same instances finish every journey once',
    async (mode) => {
      const [a, b] = [must(servers[0], 'instance a'), must(servers[1], 'instance b')];
      // Journeys at every step before the outage, on alternating instances.
      const emails = [0, 1, 2].map((n) => `${mode}-${n}@example.com`);
      const started = await Promise.all(
        emails.map(async (email, n) => {
          const actionToken = await signup(n % 2 ? b : a, email);
          return {
            email,
            actionToken,
            checkout: await createCheckout(n % 2 ? a : b, actionToken, email),
          };
        }),
      );
      // The first one is paid before the outage; its claim token is read after it.
      const first = must(started[0], 'first journey');
      const paid = await testPayment(a, first.checkout, 'pay');
      const claimToken = must((await pollStatus(b, paid.orderId, paid.t)).body.claimToken, 'claim');
      // The return page polled on each instance once.
      expect((await pollStatus(a, paid.orderId, paid.t)).status).toBe(200);
      const ordersBefore = must(
        await a.row<{ n: number }>('SELECT COUNT(*) AS n FROM orders'),
        'n',
      );

      await cluster.halt(mode);
      try {
        for (const server of [a, b]) {
          await expectEveryApiRefused(server, {
            actionToken: first.actionToken,
            openOrderId: must(started[1], 'second journey').checkout.orderId,
            claimToken,
          });
          // A settled order's status is known in memory: its return page keeps answering.
          expect((await pollStatus(server, paid.orderId, paid.t)).body.claimToken).toBe(claimToken);
        }
      } finally {
        await cluster.resume();
      }
      await Promise.all([untilHealthy(a), untilHealthy(b)]);

      // Nothing was written by the refused requests.
      expect(await a.row<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).toEqual(ordersBefore);
      expect(
        await a.rows("SELECT id FROM signups WHERE email = 'during-outage@example.com'"),
      ).toEqual([]);

      // Every journey finishes, on the other instance each time; the complete step of the first
      // twice (the visitor retried), answered once.
      expect((await postJson(b, '/api/landing/complete', completeBody(claimToken))).status).toBe(
        201,
      );
      expect((await postJson(a, '/api/landing/complete', completeBody(claimToken))).status).toBe(
        409,
      );
      for (const [n, journey] of started.slice(1).entries()) {
        const payOn = n % 2 ? a : b;
        const pollOn = n % 2 ? b : a;
        const { orderId, t } = await testPayment(payOn, journey.checkout, 'pay');
        const token = must((await pollStatus(pollOn, orderId, t)).body.claimToken, 'claim token');
        expect((await postJson(payOn, '/api/landing/complete', completeBody(token))).status).toBe(
          201,
        );
      }
      const orders = await a.rows<{ status: string; report_id: string | null }>(
        `SELECT status, report_id FROM orders WHERE email IN ('${emails.join("','")}')`,
      );
      expect(orders).toHaveLength(3);
      expect(orders.every((order) => order.status === 'completed' && order.report_id)).toBe(true);

      // Each buyer's two emails (the confirmation with the step 2 link, then the instructions) go
      // out exactly once each, whichever instance's sender took them.
      const deadline = Date.now() + 10_000;
      const mailsTo = (email: string) =>
        smtp.received.filter((mail) => mail.to.join().includes(email)).length;
      while (Date.now() < deadline && !emails.every((email) => mailsTo(email) >= 2)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A little longer: a second delivery would show up now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(emails.map(mailsTo)).toEqual([2, 2, 2]);
      const outbox = await a.rows<{ status: string }>(
        `SELECT status FROM outbox WHERE to_address IN ('${emails.join("','")}')`,
      );
      expect(outbox.map((row) => row.status)).toEqual(Array<string>(6).fill('sent'));
    },
    // Five refusals at their bound each, then the journeys.
    REFUSAL_BOUND_MS * 5 + 60_000,
  );
});

describe('SQLite disk full', () => {
  let server: TestServer | undefined;
  const temp = tempDir();
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => temp.remove());

  it('refuses new writes with 507 storage_full, keeps earlier orders intact, recovers with room', async () => {
    const path = join(temp.dir, 'full.db');
    // The server's own connection, kept here: max_page_count is a setting of the connection.
    const handle = new Database(path);
    handle.pragma('journal_mode = WAL');
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: handle }) });
    await runMigrations(db, 'sqlite');
    server = await startServer({
      engine: 'sqlite',
      env: { DATABASE_PATH: path },
      build: { repository: createRepository(db, 'sqlite') },
    });
    const live = server;
    const before = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const email = `before-full-${n}@example.com`;
        return createCheckout(live, await signup(live, email), email);
      }),
    );

    // The disk is full: the file may not grow by one page more.
    const pages = Number(handle.pragma('page_count', { simple: true }));
    handle.pragma(`max_page_count = ${pages}`);
    // Long enough that a signup needs new pages (and so hits the limit) on its first write.
    const big = 'x'.repeat(60);
    let refused: JsonResponse<unknown> | undefined;
    for (let n = 0; n < 200 && !refused; n += 1) {
      const response = await postJson(live, '/api/landing/signup', {
        email: `full-${n}-${big}@example.com`,
        captchaToken: 'local:landing_signup',
        referral: 'demo',
      });
      if (response.status !== 200) refused = response;
    }
    expectRefused(must(refused, 'a refused signup'), 'storage_full', 507);
    // Reads still work: an earlier visitor's order answers.
    const earlier = must(before[0], 'an earlier order');
    expect((await pollStatus(live, earlier.orderId, 'wrong-token')).status).toBe(404);
    expect((await getJson(live, '/health')).status).toBe(200);

    expect(handle.pragma('integrity_check', { simple: true })).toBe('ok');
    const ids = before.map((checkout) => checkout.orderId);
    expect(
      (await live.rows<{ id: string }>('SELECT id FROM orders ORDER BY id')).map((row) => row.id),
    ).toEqual([...ids].sort());

    // Room again: the same instance takes signups and orders.
    handle.pragma('max_page_count = 1073741823');
    const email = 'after-full@example.com';
    const checkout = await createCheckout(live, await signup(live, email), email);
    expect(checkout.orderId).toEqual(expect.any(String));
    expect(handle.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
