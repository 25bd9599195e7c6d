import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseTarget } from '../storage/database.ts';
import {
  createRepository,
  openRepository,
  type OpenedRepository,
} from '../storage/kyselyRepository.ts';
import { MIGRATIONS, runMigrations } from '../storage/migrations.ts';
import type { NewEmail } from '../storage/repository.ts';
import {
  completeBody,
  inspector,
  must,
  newOrder,
  paidClaimToken,
  postJson,
  signup,
  startServer,
  TEST_SECRET,
  tempDir,
} from './helpers.ts';
import { ENGINES, freshPostgresUrl, type TestEngine } from './postgres/database.ts';

const run = promisify(execFile);

const email = (reportId: string): NewEmail => ({
  kind: 'instructions',
  toAddress: 'visitor@example.com',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  partnerId: 'demo',
  reportId,
  status: 'stored',
  createdAt: 2000,
});

/** An empty database of the engine: a SQLite file in `dir` or a fresh Postgres schema. */
async function emptyTarget(
  engine: TestEngine,
  dir: string,
  name = 'repo',
): Promise<DatabaseTarget> {
  return engine === 'sqlite'
    ? { engine, path: join(dir, `${name}.db`) }
    : { engine, url: await freshPostgresUrl(), poolSize: 4 };
}

describe.each(ENGINES)('migrations on %s', (engine) => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it('apply once on a new database and never again on restart', async () => {
    const target =
      engine === 'sqlite'
        ? { engine, path: join(temp.dir, 'nested', 'homesafe.db') }
        : await emptyTarget(engine, temp.dir);
    const applied: number[][] = [];
    const onMigrated = (versions: number[]) => applied.push(versions);
    const first = await openRepository(target, { onMigrated });
    await first.addSignup({ email: 'kept@example.com', partnerId: 'demo', createdAt: 1 });
    await first.close();
    await (await openRepository(target, { onMigrated })).close();
    await (await openRepository(target, { onMigrated })).close();

    expect(applied).toEqual([MIGRATIONS.map((m) => m.version), [], []]);
    const { db } = connectDatabase(target);
    try {
      const rows = inspector(db, engine);
      expect(await rows('SELECT version, name FROM schema_migrations ORDER BY version')).toEqual(
        MIGRATIONS.map(({ version, name }) => ({ version, name })),
      );
      expect(await rows('SELECT email FROM signups')).toEqual([{ email: 'kept@example.com' }]);
      if (engine === 'sqlite') {
        expect(await rows('PRAGMA user_version')).toEqual([
          { user_version: MIGRATIONS.at(-1)?.version },
        ]);
        expect(await rows('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
      }
    } finally {
      await db.destroy();
    }
  });

  it('are applied once when three processes start on one database at the same time', async () => {
    const target = await emptyTarget(engine, temp.dir);
    const script = join(import.meta.dirname, 'fixtures', 'migrate.ts');
    const outputs = await Promise.all(
      [1, 2, 3].map(() =>
        run(process.execPath, ['--import', 'tsx', script, JSON.stringify(target)]),
      ),
    );
    const applied = outputs.map(({ stdout }) => JSON.parse(stdout) as number[]);
    expect(applied.flat().sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
  }, 30_000);

  it('applies only the migrations a database is missing', async () => {
    const { db } = connectDatabase(await emptyTarget(engine, temp.dir));
    try {
      expect(await runMigrations(db, engine, MIGRATIONS.slice(0, 1))).toEqual([1]);
      expect(await runMigrations(db, engine)).toEqual(MIGRATIONS.slice(1).map((m) => m.version));
      expect(await runMigrations(db, engine)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('rolls a failing migration back completely', async () => {
    const { db } = connectDatabase(await emptyTarget(engine, temp.dir));
    try {
      const broken = [
        {
          version: 1,
          name: 'broken',
          statements: () => ['CREATE TABLE a (x INTEGER)', 'CREATE TABLE oops ('],
        },
      ];
      await expect(runMigrations(db, engine, broken)).rejects.toThrow();
      await expect(sql`SELECT x FROM a`.execute(db)).rejects.toThrow();
      expect(await inspector(db, engine)('SELECT COUNT(*) AS n FROM schema_migrations')).toEqual([
        { n: 0 },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('lets orders be free claims (migration 5), keeping the orders and the profiles on them', async () => {
    const target = await emptyTarget(engine, temp.dir);
    const { db } = connectDatabase(target);
    try {
      await runMigrations(db, engine, MIGRATIONS.slice(0, 4));
      // Data of the release before: a completed order with its profile and claim's single use.
      const before = createRepository(db, engine);
      await before.createOrder(newOrder('kept'));
      await before.attachPaymentSession('kept', 'tps_kept', 2);
      await before.fulfilOrder('kept', { reportId: 'r-kept', claimToken: 'c-kept', at: 3 }, [
        'open',
      ]);
      const completion = {
        reportId: 'r-kept',
        orderId: 'kept',
        profile: { describeHome: 'resident', streetAddressLine1: 'Home', postalCode: '12345' },
        email: email('r-kept'),
        at: 4,
      } as const;
      expect(await before.completeProfile(completion)).toBe('stored');
      const rows = inspector(db, engine);
      const ordersBefore = await rows('SELECT * FROM orders');
      await expect(
        before.createOrder({ ...newOrder('early'), paymentProvider: 'free' }),
      ).rejects.toThrow();

      expect(await runMigrations(db, engine, MIGRATIONS.slice(0, 5))).toEqual([5]);
      const after = createRepository(db, engine);
      expect(await rows('SELECT * FROM orders')).toEqual(ordersBefore);
      expect((await after.findOrderBySession('test', 'tps_kept'))?.id).toBe('kept');
      expect((await after.getHomeProfile('r-kept'))?.orderId).toBe('kept');
      expect(await after.completeProfile(completion)).toBe('already_used');
      if (engine === 'sqlite') expect(await rows('PRAGMA foreign_key_check')).toEqual([]);
      // A free claim may be stored now; a provider that is not one still may not.
      await after.createOrder({ ...newOrder('free'), amountCents: 0, paymentProvider: 'free' });
      expect((await after.getOrder('free'))?.paymentProvider).toBe('free');
      await expect(
        sql`UPDATE orders SET payment_provider = 'paypal' WHERE id = 'free'`.execute(db),
      ).rejects.toThrow();
      // The indexes came back: still one order per provider session.
      await after.createOrder(newOrder('other'));
      await expect(after.attachPaymentSession('other', 'tps_kept', 6)).rejects.toThrow();
    } finally {
      await db.destroy();
    }
  });

  it('adds attribution (migration 11) as nullable columns: no default, rows from before untouched', async () => {
    const target = await emptyTarget(engine, temp.dir);
    const { db } = connectDatabase(target);
    try {
      await runMigrations(db, engine, MIGRATIONS.slice(0, 10));
      const before = createRepository(db, engine);
      await before.addSignup({ email: 'old@example.com', partnerId: 'demo', createdAt: 1 });
      await before.createOrder(newOrder('old'));
      const rows = inspector(db, engine);
      const signupsBefore = await rows('SELECT * FROM signups');
      const ordersBefore = await rows('SELECT * FROM orders');

      expect(await runMigrations(db, engine, MIGRATIONS.slice(0, 11))).toEqual([11]);
      const added = [
        ['signups', 'attribution'],
        ['signups', 'first_channel'],
        ['signups', 'last_channel'],
        ['orders', 'signup_id'],
        ['orders', 'attribution'],
        ['orders', 'first_channel'],
        ['orders', 'last_channel'],
      ];
      // Nullable and without a default: neither engine rewrites a row to add them.
      const columns =
        engine === 'sqlite'
          ? (
              await Promise.all(
                ['signups', 'orders'].map(async (table) =>
                  (
                    await rows<{ name: string; notnull: number; dflt_value: unknown }>(
                      `PRAGMA table_info(${table})`,
                    )
                  ).map((column) => ({
                    table,
                    name: column.name,
                    nullable: column.notnull === 0,
                    default: column.dflt_value,
                  })),
                ),
              )
            ).flat()
          : (
              await rows<{
                table_name: string;
                column_name: string;
                is_nullable: string;
                column_default: unknown;
              }>(
                "SELECT table_name, column_name, is_nullable, column_default FROM information_schema.columns WHERE table_schema = current_schema() AND table_name IN ('signups', 'orders')",
              )
            ).map((column) => ({
              table: column.table_name,
              name: column.column_name,
              nullable: column.is_nullable === 'YES',
              default: column.column_default,
            }));
      for (const [table, name] of added)
        expect(columns.find((column) => column.table === table && column.name === name)).toEqual({
          table,
          name,
          nullable: true,
          default: null,
        });
      const strip = (row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).filter(([key]) => !added.some(([, n]) => n === key)),
        );
      const all = (table: string) => rows<Record<string, unknown>>(`SELECT * FROM ${table}`);
      expect((await all('signups')).map(strip)).toEqual(signupsBefore);
      expect((await all('orders')).map(strip)).toEqual(ordersBefore);
      const after = createRepository(db, engine);
      expect(await after.getOrder('old')).toMatchObject({ signupId: null, attribution: null });
      expect(await after.sourceCounts({ touch: 'last' })).toEqual([
        { partnerId: 'demo', channel: null, signups: 1, converted: 0, orders: 0, revenue: [] },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('adds the language (migration 13) with a constant default: rows from before read English', async () => {
    const target = await emptyTarget(engine, temp.dir);
    const { db } = connectDatabase(target);
    try {
      await runMigrations(db, engine, MIGRATIONS.slice(0, 12));
      const before = createRepository(db, engine);
      await before.addSignup({ email: 'old@example.com', partnerId: 'demo', createdAt: 1 });
      await before.createOrder(newOrder('old'));

      expect(await runMigrations(db, engine, MIGRATIONS.slice(0, 13))).toEqual([13]);
      const rows = inspector(db, engine);
      expect(await rows('SELECT language FROM signups')).toEqual([{ language: 'en' }]);
      const after = createRepository(db, engine);
      expect(await after.getOrder('old')).toMatchObject({ language: 'en' });
      await after.createOrder({ ...newOrder('new'), language: 'es' });
      expect(await after.getOrder('new')).toMatchObject({ language: 'es' });
      // Only an open order changes language; a settled one keeps its emails' language.
      expect(await after.setOpenOrderLanguage('new', 'en', 2)).toBe(true);
      await after.transitionOrder('new', ['open'], 'canceled', 3);
      expect(await after.setOpenOrderLanguage('new', 'es', 4)).toBe(false);
      expect(await after.getOrder('new')).toMatchObject({ language: 'en', status: 'canceled' });
      expect(await after.languageCounts()).toEqual([
        { partnerId: 'demo', language: 'en', signups: 1, converted: 0, orders: 0, revenue: [] },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('keys assignments by test too (migration 14): rows from before are the page test without a seed', async () => {
    const target = await emptyTarget(engine, temp.dir);
    const { db } = connectDatabase(target);
    try {
      await runMigrations(db, engine, MIGRATIONS.slice(0, 13));
      await sql`INSERT INTO experiment_assignments
        (visitor_id, partner_id, page_key, variant, campaign, day, created_at, weights_key)
        VALUES ('v1', 'demo', 'landing', 'control', 'spring', '2026-11-25', 1, 'b:50,control:50')`.execute(
        db,
      );

      expect(await runMigrations(db, engine, MIGRATIONS.slice(0, 14))).toEqual([14]);
      const rows = inspector(db, engine);
      expect(
        await rows(
          'SELECT visitor_id, variant, campaign, weights_key, test FROM experiment_assignments',
        ),
      ).toEqual([
        {
          visitor_id: 'v1',
          variant: 'control',
          campaign: 'spring',
          weights_key: 'b:50,control:50',
          test: '',
        },
      ]);
      const after = createRepository(db, engine);
      const assignment = {
        visitorId: 'v1',
        partnerId: 'demo',
        pageKey: 'landing',
        campaign: null,
        createdAt: Date.parse('2026-12-01T10:00:00Z'),
        weightsKey: 'b:50,control:50',
      };
      // The same test again changes nothing; a later, seeded test records the visitor anew.
      await after.recordAssignment({ ...assignment, variant: 'b', test: '' });
      await after.recordAssignment({ ...assignment, variant: 'b', test: '2:spring-headline' });
      await after.recordAssignment({
        ...assignment,
        variant: 'control',
        test: '2:spring-headline',
      });
      expect(await after.splitCounts()).toEqual([
        {
          partnerId: 'demo',
          pageKey: 'landing',
          test: '',
          weightsKey: 'b:50,control:50',
          variant: 'control',
          visitors: 1,
        },
        {
          partnerId: 'demo',
          pageKey: 'landing',
          test: '2:spring-headline',
          weightsKey: 'b:50,control:50',
          variant: 'b',
          visitors: 1,
        },
      ]);
      expect((await after.funnel()).map((row) => [row.test, row.variant, row.day])).toEqual([
        ['', 'control', '2026-11-25'],
        ['2:spring-headline', 'b', '2026-12-01'],
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('keep orders, tokens and profiles across a server restart', async () => {
    const first = await startServer({ dir: temp.dir, engine });
    const { claimToken, orderId } = await paidClaimToken(first);
    await first.close();

    const second = await startServer({ dir: temp.dir, engine });
    try {
      // The claim token minted before the restart still verifies and is still unused.
      expect(
        (await postJson(second, '/api/landing/complete', completeBody(claimToken))).status,
      ).toBe(201);
      const row = await second.row('SELECT status FROM orders WHERE id = ?', orderId);
      expect(row).toEqual({ status: 'completed' });
    } finally {
      await second.close();
    }
  });

  it('share one generated development secret between instances on one database', async () => {
    // No TOKEN_SECRET: each server takes the secret stored in the database by the first one.
    const env = { TOKEN_SECRET: '' };
    const a = await startServer({ dir: temp.dir, engine, env });
    const b = await startServer({ dir: temp.dir, engine, env });
    try {
      const actionToken = await signup(a);
      const checkout = await postJson(b, '/api/stripe/api/create-checkout-session', {
        customer_email: 'visitor@example.com',
        return_url: 'https://scan.example.test/demo/claim-offer/return',
        actionToken,
      });
      expect(checkout.status).toBe(200);
      const secrets = await a.rows<{ value: string }>('SELECT value FROM app_secrets');
      expect(secrets).toHaveLength(1);
      expect(must(secrets[0], 'a secret').value.length).toBeGreaterThanOrEqual(32);
      expect(must(secrets[0], 'a secret').value).not.toBe(TEST_SECRET);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('upgrading a SQLite database of an earlier release', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it('adds only the new migrations and keeps signing with the token-secret file', async () => {
    // An earlier release: migrations 1 to 3 in schema_migrations, a generated token-secret file.
    const path = join(temp.dir, 'homesafe.db');
    const { db } = connectDatabase({ engine: 'sqlite', path });
    await runMigrations(db, 'sqlite', MIGRATIONS.slice(0, 3));
    await db.destroy();
    const legacy = 'a-secret-an-earlier-release-generated-into-the-data-folder';
    writeFileSync(join(temp.dir, 'token-secret'), legacy);

    const applied: number[][] = [];
    const repo = await openRepository(
      { engine: 'sqlite', path },
      { onMigrated: (versions) => applied.push(versions) },
    );
    await repo.close();
    expect(applied).toEqual([MIGRATIONS.slice(3).map((m) => m.version)]);

    const server = await startServer({
      dir: temp.dir,
      engine: 'sqlite',
      env: { TOKEN_SECRET: '' },
    });
    try {
      expect(await server.rows('SELECT value FROM app_secrets')).toEqual([{ value: legacy }]);
    } finally {
      await server.close();
    }
  });
});

describe.each(ENGINES)('repository on %s', (engine) => {
  let temp: ReturnType<typeof tempDir>;
  let repo: OpenedRepository;
  beforeEach(async () => {
    temp = tempDir();
    repo = await openRepository(await emptyTarget(engine, temp.dir));
  });
  afterEach(async () => {
    await repo.close();
    temp.remove();
  });

  it("counts each version's funnel per day from the visitors given it, once each and only after", async () => {
    const day1 = Date.parse('2026-11-25T10:00:00Z');
    const day2 = Date.parse('2026-11-26T10:00:00Z');
    const assign = (visitorId: string, variant: string, at: number) =>
      repo.recordAssignment({
        visitorId,
        partnerId: 'demo',
        pageKey: 'landing',
        variant,
        campaign: null,
        createdAt: at,
        weightsKey: 'b:50,control:50',
        test: '',
      });
    await assign('v1', 'control', day1);
    await assign('v1', 'b', day2); // a second assignment of one visitor and page changes nothing
    await assign('v2', 'b', day1);
    await assign('v3', 'b', day2);
    // v1 signs up twice and orders twice, and pays one; v2 signed up before being assigned.
    await repo.addSignup({
      email: 'a@example.com',
      partnerId: 'demo',
      createdAt: day1 + 1,
      visitorId: 'v1',
    });
    await repo.addSignup({
      email: 'a@example.com',
      partnerId: 'demo',
      createdAt: day1 + 2,
      visitorId: 'v1',
    });
    await repo.addSignup({
      email: 'b@example.com',
      partnerId: 'demo',
      createdAt: day1 - 1,
      visitorId: 'v2',
    });
    await repo.addSignup({ email: 'c@example.com', partnerId: 'demo', createdAt: day2 + 1 });
    await repo.createOrder({ ...newOrder('f1'), createdAt: day1 + 3, visitorId: 'v1' });
    await repo.createOrder({ ...newOrder('f2'), createdAt: day1 + 4, visitorId: 'v1' });
    await repo.fulfilOrder('f1', { reportId: 'rf1', claimToken: 'cf1', at: day1 + 5 }, ['open']);
    // One funnel row of demo's landing page: its version, its day, and what its visitors did.
    const funnelRow = (variant: string, day: string, counts: Record<string, number>) => ({
      partnerId: 'demo',
      pageKey: 'landing',
      test: '',
      variant,
      day,
      visitors: 0,
      signups: 0,
      checkouts: 0,
      completed: 0,
      profiles: 0,
      ...counts,
    });
    expect(await repo.funnel()).toEqual([
      funnelRow('b', '2026-11-25', { visitors: 1 }),
      funnelRow('b', '2026-11-26', { visitors: 1 }),
      funnelRow('control', '2026-11-25', { visitors: 1, signups: 1, checkouts: 1, completed: 1 }),
    ]);
    expect(await repo.funnel({ partnerId: 'lowes' })).toEqual([]);
    // The split check's counts: by the weights each visitor was assigned under.
    expect(await repo.splitCounts({ partnerId: 'demo' })).toEqual([
      {
        partnerId: 'demo',
        pageKey: 'landing',
        test: '',
        weightsKey: 'b:50,control:50',
        variant: 'b',
        visitors: 2,
      },
      {
        partnerId: 'demo',
        pageKey: 'landing',
        test: '',
        weightsKey: 'b:50,control:50',
        variant: 'control',
        visitors: 1,
      },
    ]);
    expect(await repo.splitCounts({ partnerId: 'lowes' })).toEqual([]);
  });

  it('keeps the first fulfilment: one report id and one claim token per order', async () => {
    await repo.createOrder(newOrder('o1'));
    const from = ['open'] as const;
    const [first, second] = await Promise.all([
      repo.fulfilOrder('o1', { reportId: 'r1', claimToken: 'c1', at: 5 }, from),
      repo.fulfilOrder('o1', { reportId: 'r2', claimToken: 'c2', at: 6 }, from),
    ]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ status: 'completed' });
    const stored = must(await repo.getOrder('o1'), 'the order');
    expect([stored.reportId, stored.claimToken]).toEqual(
      stored.reportId === 'r1' ? ['r1', 'c1'] : ['r2', 'c2'],
    );
  });

  it('fulfils only from the expected statuses: a canceled order stays canceled', async () => {
    await repo.createOrder(newOrder('o5'));
    expect(await repo.transitionOrder('o5', ['open'], 'canceled', 7)).toBe(true);
    const after = await repo.fulfilOrder('o5', { reportId: 'r5', claimToken: 'c5', at: 8 }, [
      'open',
    ]);
    expect(after).toMatchObject({ status: 'canceled', claimToken: null, reportId: null });
  });

  it('moves an order only from the expected statuses', async () => {
    await repo.createOrder(newOrder('o2'));
    expect(await repo.transitionOrder('o2', ['processing'], 'failed', 7)).toBe(false);
    expect(await repo.transitionOrder('o2', ['open'], 'canceled', 7)).toBe(true);
    expect(await repo.transitionOrder('o2', ['open'], 'failed', 8)).toBe(false);
    expect(await repo.getOrderStatus('o2')).toEqual({
      status: 'canceled',
      statusToken: 'token',
      claimToken: null,
      paymentProvider: 'test',
      paymentSessionId: null,
      createdAt: 1000,
    });
    expect(await repo.getOrderStatus('missing')).toBeUndefined();
  });

  it('stores a profile and its email once per report, atomically', async () => {
    await repo.createOrder(newOrder('o3'));
    await repo.fulfilOrder('o3', { reportId: 'r3', claimToken: 'c3', at: 5 }, ['open']);
    const profile = {
      describeHome: 'resident',
      streetAddressLine1: 'Home',
      postalCode: '12345',
      ownTheHome: false,
    } as const;
    const completion = { reportId: 'r3', orderId: 'o3', profile, email: email('r3'), at: 9 };
    const results = await Promise.all([
      repo.completeProfile(completion),
      repo.completeProfile({ ...completion, profile: { ...profile, postalCode: '99999' } }),
    ]);
    expect(results.sort()).toEqual(['already_used', 'stored']);
    expect((await repo.getHomeProfile('r3'))?.orderId).toBe('o3');
    expect((await repo.listOutbox(10)).map((e) => e.reportId)).toEqual(['r3']);
  });

  it('finds orders by payment session and leases pending emails to one sender', async () => {
    await repo.createOrder(newOrder('o4'));
    await repo.attachPaymentSession('o4', 'tps_1', 3);
    expect((await repo.findOrderBySession('test', 'tps_1'))?.id).toBe('o4');
    expect(await repo.findOrderBySession('stripe', 'tps_1')).toBeUndefined();

    await repo.fulfilOrder('o4', { reportId: 'r4', claimToken: 'c4', at: 5 }, ['open']);
    const profile = {
      describeHome: 'helper',
      streetAddressLine1: 'Home',
      postalCode: '12345',
    } as const;
    await repo.completeProfile({
      reportId: 'r4',
      orderId: 'o4',
      profile,
      email: { ...email('r4'), status: 'pending' },
      at: 9,
    });
    // Two senders (two instances) at once: one takes the email, the other gets nothing.
    const [a, b] = await Promise.all([
      repo.claimPendingEmails(10, 100, 1000),
      repo.claimPendingEmails(10, 100, 1000),
    ]);
    expect(a.length + b.length).toBe(1);
    const pending = must([...a, ...b][0], 'a pending email');
    expect(pending.reportId).toBe('r4');
    expect(await repo.claimPendingEmails(10, 500, 1000)).toEqual([]);
    await repo.markEmailAttemptFailed(pending.id, {
      error: 'connection refused',
      retryAt: 600,
      giveUpAt: 90_000,
    });
    // Not before its next try, stored in the row: no instance takes it sooner.
    expect(await repo.claimPendingEmails(10, 599, 1000)).toEqual([]);
    expect((await repo.claimPendingEmails(10, 600, 1000))[0]).toMatchObject({
      attempts: 1,
      lastError: 'connection refused',
      nextAttemptAt: 600,
      giveUpAt: 90_000,
    });
    // A sender that died holding the lease: after it lapses another takes the email again.
    expect((await repo.claimPendingEmails(10, 1601, 1000)).map((e) => e.id)).toEqual([pending.id]);
    await repo.markEmailSent(pending.id, 10);
    expect(await repo.claimPendingEmails(10, 5000, 1000)).toEqual([]);
    expect((await repo.listOutbox(10))[0]).toMatchObject({
      status: 'sent',
      sentAt: 10,
      attempts: 2,
      lastError: null,
    });
  });

  it('stores one order per provider session however many insert it at once', async () => {
    const claims = await Promise.all(
      ['f1', 'f2', 'f3', 'f4'].map((id) =>
        repo.createOrderForSession(
          { ...newOrder(id), amountCents: 0, paymentProvider: 'free' },
          'signup_same',
        ),
      ),
    );
    const [first] = claims;
    for (const claim of claims) expect(claim).toEqual(first);
    expect(first).toMatchObject({
      status: 'open',
      paymentProvider: 'free',
      paymentSessionId: 'signup_same',
      amountCents: 0,
    });
    expect(['f1', 'f2', 'f3', 'f4']).toContain(first?.id);
    const stored = await Promise.all(['f1', 'f2', 'f3', 'f4'].map((id) => repo.getOrder(id)));
    expect(stored.filter(Boolean)).toHaveLength(1);
    // Another session, or the same session of another provider, is another order.
    const other = await repo.createOrderForSession(
      { ...newOrder('f5'), amountCents: 0, paymentProvider: 'free' },
      'signup_other',
    );
    expect(other.id).toBe('f5');
    const test = await repo.createOrderForSession(newOrder('t1'), 'signup_same');
    expect(test.id).toBe('t1');
  });

  it('keeps the first value of a shared secret', async () => {
    const values = await Promise.all(
      ['first-secret', 'second-secret', 'third-secret'].map((value) =>
        repo.sharedSecret('token_secret', value, 1),
      ),
    );
    expect(new Set(values).size).toBe(1);
    expect(await repo.sharedSecret('token_secret', 'later', 2)).toBe(values[0]);
  });

  it('counts concurrent hits atomically, per key and window', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => repo.hitCounter('signup:1.2.3.4', 0, 60_000)),
    );
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await repo.hitCounter('signup:5.6.7.8', 0, 60_000)).toBe(1);
    expect(await repo.hitCounter('signup:1.2.3.4', 60_000, 120_000)).toBe(1);
  });

  it('answers a ping, and rejects one once closed', async () => {
    await expect(repo.ping()).resolves.toBeUndefined();
    await repo.close();
    await expect(repo.ping()).rejects.toThrow();
    repo = await openRepository(await emptyTarget(engine, temp.dir, 'reopened'));
  });
});
