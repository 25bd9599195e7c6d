import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations } from '../storage/migrations.ts';
import type { NewEmail, Repository } from '../storage/repository.ts';
import { openSqliteRepository } from '../storage/sqlite.ts';
import { completeBody, must, paidClaimToken, postJson, startServer, tempDir } from './helpers.ts';

const order = (id: string) => ({
  id,
  partnerId: 'demo',
  email: 'visitor@example.com',
  campaignId: 'demo-dev',
  amountCents: 7500,
  currency: 'usd',
  paymentProvider: 'test' as const,
  returnUrl: `https://scan.example.test/return?orderId=${id}&t=x`,
  statusToken: 'token',
  createdAt: 1000,
});

const email = (reportId: string): NewEmail => ({
  toAddress: 'visitor@example.com',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  partnerId: 'demo',
  reportId,
  status: 'stored',
  createdAt: 2000,
});

describe('migrations', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it('apply once on a new database and never again on restart', async () => {
    const path = join(temp.dir, 'nested', 'homesafe.db');
    const applied: number[][] = [];
    const first = openSqliteRepository(path, { onMigrated: (versions) => applied.push(versions) });
    await first.addSignup({ email: 'kept@example.com', partnerId: 'demo', createdAt: 1 });
    await first.close();

    const second = openSqliteRepository(path, { onMigrated: (versions) => applied.push(versions) });
    await second.close();
    const third = openSqliteRepository(path, { onMigrated: (versions) => applied.push(versions) });
    await third.close();

    expect(applied).toEqual([MIGRATIONS.map((m) => m.version), [], []]);
    const db = new Database(path, { readonly: true });
    try {
      expect(
        db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all(),
      ).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT email FROM signups').all()).toEqual([
        { email: 'kept@example.com' },
      ]);
    } finally {
      db.close();
    }
  });

  it('applies only the migrations a database is missing', () => {
    const db = new Database(join(temp.dir, 'partial.db'));
    try {
      expect(runMigrations(db, MIGRATIONS.slice(0, 1))).toEqual([1]);
      expect(runMigrations(db)).toEqual(MIGRATIONS.slice(1).map((m) => m.version));
      expect(runMigrations(db)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('rolls a failing migration back completely', () => {
    const db = new Database(join(temp.dir, 'broken.db'));
    try {
      const broken = [
        { version: 1, name: 'broken', sql: 'CREATE TABLE a (x INTEGER); CREATE TABLE oops (' },
      ];
      expect(() => runMigrations(db, broken)).toThrow();
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").all()).toEqual([]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('keep orders, tokens and profiles across a server restart', async () => {
    const first = await startServer({ dir: temp.dir });
    const { claimToken, orderId } = await paidClaimToken(first);
    await first.close();

    const second = await startServer({ dir: temp.dir });
    try {
      // The claim token minted before the restart still verifies and is still unused.
      expect(
        (await postJson(second, '/api/landing/complete', completeBody(claimToken))).status,
      ).toBe(201);
      const row = second.db().prepare('SELECT status FROM orders WHERE id = ?').get(orderId);
      expect(row).toEqual({ status: 'completed' });
    } finally {
      await second.close();
    }
  });
});

describe('SQLite repository', () => {
  let temp: ReturnType<typeof tempDir>;
  let repo: Repository;
  beforeEach(() => {
    temp = tempDir();
    repo = openSqliteRepository(join(temp.dir, 'repo.db'));
  });
  afterEach(async () => {
    await repo.close();
    temp.remove();
  });

  it('keeps the first fulfilment: one report id and one claim token per order', async () => {
    await repo.createOrder(order('o1'));
    const first = await repo.fulfilOrder('o1', { reportId: 'r1', claimToken: 'c1', at: 5 });
    const second = await repo.fulfilOrder('o1', { reportId: 'r2', claimToken: 'c2', at: 6 });
    expect(first).toMatchObject({
      status: 'completed',
      reportId: 'r1',
      claimToken: 'c1',
      updatedAt: 5,
    });
    expect(second).toMatchObject({
      status: 'completed',
      reportId: 'r1',
      claimToken: 'c1',
      updatedAt: 5,
    });
  });

  it('moves an order only from the expected statuses', async () => {
    await repo.createOrder(order('o2'));
    expect(await repo.transitionOrder('o2', ['processing'], 'failed', 7)).toBe(false);
    expect(await repo.transitionOrder('o2', ['open'], 'canceled', 7)).toBe(true);
    expect(await repo.transitionOrder('o2', ['open'], 'failed', 8)).toBe(false);
    expect((await repo.getOrderStatus('o2'))?.status).toBe('canceled');
  });

  it('stores a profile and its email once per report, atomically', async () => {
    await repo.createOrder(order('o3'));
    await repo.fulfilOrder('o3', { reportId: 'r3', claimToken: 'c3', at: 5 });
    const profile = {
      describeHome: 'resident',
      streetAddressLine1: 'Home',
      postalCode: '12345',
      ownTheHome: false,
    } as const;
    const completion = { reportId: 'r3', orderId: 'o3', profile, email: email('r3'), at: 9 };
    expect(await repo.completeProfile(completion)).toBe('stored');
    expect(
      await repo.completeProfile({ ...completion, profile: { ...profile, postalCode: '99999' } }),
    ).toBe('already_used');
    expect(await repo.getHomeProfile('r3')).toEqual({ ...profile, orderId: 'o3' });
    expect((await repo.listOutbox(10)).map((e) => e.reportId)).toEqual(['r3']);
  });

  it('finds orders by payment session and lists pending emails for the sender', async () => {
    await repo.createOrder(order('o4'));
    await repo.attachPaymentSession('o4', 'tps_1', 3);
    expect((await repo.findOrderBySession('test', 'tps_1'))?.id).toBe('o4');
    expect(await repo.findOrderBySession('stripe', 'tps_1')).toBeUndefined();

    await repo.fulfilOrder('o4', { reportId: 'r4', claimToken: 'c4', at: 5 });
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
    const pending = must((await repo.listPendingEmails(10))[0], 'a pending email');
    expect(pending.reportId).toBe('r4');
    await repo.markEmailAttemptFailed(pending.id, 'connection refused', false);
    expect((await repo.listPendingEmails(10))[0]).toMatchObject({
      attempts: 1,
      lastError: 'connection refused',
    });
    await repo.markEmailSent(pending.id, 10);
    expect(await repo.listPendingEmails(10)).toEqual([]);
    expect((await repo.listOutbox(10))[0]).toMatchObject({
      status: 'sent',
      sentAt: 10,
      attempts: 2,
      lastError: null,
    });
  });
});
