import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { HomeProfile } from '../../src/config/generated/home-profile.ts';
import { runMigrations } from './migrations.ts';
import type {
  EmailStatus,
  Fulfilment,
  NewEmail,
  NewOrder,
  OrderRecord,
  OrderStatus,
  OrderStatusRecord,
  OutboxEmail,
  PaymentProvider,
  ProfileCompletion,
  Repository,
} from './repository.ts';

interface OrderRow {
  id: string;
  partner_id: string;
  email: string;
  campaign_id: string;
  status: OrderStatus;
  amount_cents: number;
  currency: string;
  payment_provider: PaymentProvider;
  payment_session_id: string | null;
  return_url: string;
  status_token: string;
  claim_token: string | null;
  report_id: string | null;
  created_at: number;
  updated_at: number;
}

interface ProfileRow {
  order_id: string;
  describe_home: HomeProfile['describeHome'];
  street_address_line1: string;
  postal_code: string;
  own_the_home: string | null;
  num_floors: HomeProfile['numFloors'] | null;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  partner_id: string;
  report_id: string | null;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

const ORDER_COLUMNS = `id, partner_id, email, campaign_id, status, amount_cents, currency, payment_provider,
  payment_session_id, return_url, status_token, claim_token, report_id, created_at, updated_at`;

function toOrder(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    partnerId: row.partner_id,
    email: row.email,
    campaignId: row.campaign_id,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    paymentProvider: row.payment_provider,
    paymentSessionId: row.payment_session_id,
    returnUrl: row.return_url,
    statusToken: row.status_token,
    claimToken: row.claim_token,
    reportId: row.report_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    toAddress: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text,
    partnerId: row.partner_id,
    reportId: row.report_id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

function ownTheHomeToText(value: HomeProfile['ownTheHome']): string | null {
  if (value === undefined) return null;
  return value === '' ? '' : String(value);
}

function ownTheHomeFromText(value: string | null): HomeProfile['ownTheHome'] {
  if (value === null) return undefined;
  if (value === '') return '';
  return value === 'true';
}

export interface SqliteOptions {
  /** Called with each migration version applied while opening (tests and start-up logging). */
  onMigrated?: (versions: number[]) => void;
}

/** Opens (creating if needed) the database file, applies migrations and prepares statements once. */
export function openSqliteRepository(path: string, options: SqliteOptions = {}): Repository {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL lets the status poll read while a write is in progress; NORMAL is durable enough with WAL.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Not inlined into the optional call below: `f?.(x)` skips evaluating x when f is missing.
  const applied = runMigrations(db);
  options.onMigrated?.(applied);

  const statements = {
    insertSignup: db.prepare<[string, string, number]>(
      'INSERT INTO signups (email, partner_id, created_at) VALUES (?, ?, ?)',
    ),
    insertOrder: db.prepare<NewOrder & { status: OrderStatus }>(
      `INSERT INTO orders (id, partner_id, email, campaign_id, status, amount_cents, currency,
         payment_provider, return_url, status_token, created_at, updated_at)
       VALUES (@id, @partnerId, @email, @campaignId, @status, @amountCents, @currency,
         @paymentProvider, @returnUrl, @statusToken, @createdAt, @createdAt)`,
    ),
    attachSession: db.prepare<[string, number, string]>(
      'UPDATE orders SET payment_session_id = ?, updated_at = ? WHERE id = ?',
    ),
    orderById: db.prepare<[string], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`),
    // The hot path: one lookup in the covering index orders_status_read (migration 3), the row
    // named as the record it becomes, so no second object is built per poll.
    statusById: db.prepare<[string], OrderStatusRecord>(
      `SELECT status, status_token AS statusToken, claim_token AS claimToken,
         payment_provider AS paymentProvider, payment_session_id AS paymentSessionId,
         created_at AS createdAt
       FROM orders INDEXED BY orders_status_read WHERE id = ?`,
    ),
    orderBySession: db.prepare<[PaymentProvider, string], OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE payment_provider = ? AND payment_session_id = ?`,
    ),
    fulfil: db.prepare<[string, string, number, string]>(
      `UPDATE orders SET status = 'completed', report_id = ?, claim_token = ?, updated_at = ?
       WHERE id = ? AND claim_token IS NULL`,
    ),
    insertClaimUse: db.prepare<[string, string, number]>(
      'INSERT OR IGNORE INTO claim_token_uses (report_id, order_id, used_at) VALUES (?, ?, ?)',
    ),
    insertProfile: db.prepare<
      [string, string, string, string, string, string | null, string | null, number]
    >(
      `INSERT INTO home_profiles (report_id, order_id, describe_home, street_address_line1, postal_code,
         own_the_home, num_floors, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    profileByReport: db.prepare<[string], ProfileRow>(
      `SELECT order_id, describe_home, street_address_line1, postal_code, own_the_home, num_floors
       FROM home_profiles WHERE report_id = ?`,
    ),
    insertEmail: db.prepare<NewEmail>(
      `INSERT INTO outbox (to_address, subject, html, text, partner_id, report_id, status, created_at)
       VALUES (@toAddress, @subject, @html, @text, @partnerId, @reportId, @status, @createdAt)`,
    ),
    listOutbox: db.prepare<[number], OutboxRow>(
      'SELECT * FROM outbox ORDER BY created_at DESC, id DESC LIMIT ?',
    ),
    listPending: db.prepare<[number], OutboxRow>(
      "SELECT * FROM outbox WHERE status = 'pending' ORDER BY id LIMIT ?",
    ),
    markSent: db.prepare<[number, number]>(
      "UPDATE outbox SET status = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = ? WHERE id = ?",
    ),
    markFailed: db.prepare<[string, string, number]>(
      'UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ? WHERE id = ?',
    ),
  };

  // Prepared per status set, since SQLite has no array parameter; there are only a few sets.
  const transitionStatements = new Map<string, Database.Statement<unknown[]>>();
  function transitionStatement(from: readonly OrderStatus[]): Database.Statement<unknown[]> {
    const key = from.join(',');
    let statement = transitionStatements.get(key);
    if (!statement) {
      const placeholders = from.map(() => '?').join(', ');
      statement = db.prepare(
        `UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND status IN (${placeholders})`,
      );
      transitionStatements.set(key, statement);
    }
    return statement;
  }

  const fulfilTransaction = db.transaction(
    (orderId: string, f: Fulfilment): OrderRow | undefined => {
      statements.fulfil.run(f.reportId, f.claimToken, f.at, orderId);
      return statements.orderById.get(orderId);
    },
  );

  const completeTransaction = db.transaction((c: ProfileCompletion): 'stored' | 'already_used' => {
    if (statements.insertClaimUse.run(c.reportId, c.orderId, c.at).changes === 0)
      return 'already_used';
    const p = c.profile;
    statements.insertProfile.run(
      c.reportId,
      c.orderId,
      p.describeHome,
      p.streetAddressLine1,
      p.postalCode,
      ownTheHomeToText(p.ownTheHome),
      p.numFloors ?? null,
      c.at,
    );
    statements.insertEmail.run(c.email);
    return 'stored';
  });

  return {
    async addSignup(signup) {
      statements.insertSignup.run(signup.email, signup.partnerId, signup.createdAt);
    },
    async createOrder(order) {
      statements.insertOrder.run({ ...order, status: 'open' });
    },
    async attachPaymentSession(orderId, sessionId, at) {
      statements.attachSession.run(sessionId, at, orderId);
    },
    async getOrder(orderId) {
      const row = statements.orderById.get(orderId);
      return row && toOrder(row);
    },
    async getOrderStatus(orderId) {
      return statements.statusById.get(orderId);
    },
    async findOrderBySession(provider, sessionId) {
      const row = statements.orderBySession.get(provider, sessionId);
      return row && toOrder(row);
    },
    async transitionOrder(orderId, from, to, at) {
      if (from.length === 0) return false;
      return transitionStatement(from).run(to, at, orderId, ...from).changes === 1;
    },
    async fulfilOrder(orderId, fulfilment) {
      const row = fulfilTransaction(orderId, fulfilment);
      if (!row) throw new Error(`Cannot fulfil unknown order ${orderId}`);
      return toOrder(row);
    },
    async completeProfile(completion) {
      return completeTransaction.immediate(completion);
    },
    async getHomeProfile(reportId) {
      const row = statements.profileByReport.get(reportId);
      if (!row) return undefined;
      const profile: HomeProfile & { orderId: string } = {
        orderId: row.order_id,
        describeHome: row.describe_home,
        streetAddressLine1: row.street_address_line1,
        postalCode: row.postal_code,
      };
      const ownTheHome = ownTheHomeFromText(row.own_the_home);
      if (ownTheHome !== undefined) profile.ownTheHome = ownTheHome;
      if (row.num_floors !== null) profile.numFloors = row.num_floors;
      return profile;
    },
    async listOutbox(limit) {
      return statements.listOutbox.all(limit).map(toEmail);
    },
    async listPendingEmails(limit) {
      return statements.listPending.all(limit).map(toEmail);
    },
    async markEmailSent(id, at) {
      statements.markSent.run(at, id);
    },
    async markEmailAttemptFailed(id, error, giveUp) {
      statements.markFailed.run(giveUp ? 'failed' : 'pending', error.slice(0, 1000), id);
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
