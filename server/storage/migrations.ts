import type Database from 'better-sqlite3';

/**
 * Numbered schema migrations. Append new ones; never edit one that has shipped, because databases
 * that already applied it will not run it again.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE signups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        email TEXT NOT NULL,
        partner_id TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX signups_email ON signups (email);

      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        partner_id TEXT NOT NULL,
        email TEXT NOT NULL,
        campaign_id TEXT NOT NULL,
        status TEXT NOT NULL
          CHECK (status IN ('open', 'processing', 'completed', 'canceled', 'expired', 'failed')),
        amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
        currency TEXT NOT NULL,
        payment_provider TEXT NOT NULL CHECK (payment_provider IN ('test', 'stripe')),
        payment_session_id TEXT,
        return_url TEXT NOT NULL,
        -- Stored as issued: the status poll compares it in constant time without hashing.
        status_token TEXT NOT NULL,
        claim_token TEXT,
        report_id TEXT UNIQUE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX orders_payment_session ON orders (payment_provider, payment_session_id);

      CREATE TABLE home_profiles (
        report_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL UNIQUE REFERENCES orders (id),
        describe_home TEXT NOT NULL,
        street_address_line1 TEXT NOT NULL,
        postal_code TEXT NOT NULL,
        -- 'true', 'false' or '' (N/A); NULL when not answered.
        own_the_home TEXT,
        num_floors TEXT,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE claim_token_uses (
        report_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (id),
        used_at INTEGER NOT NULL
      );

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        html TEXT NOT NULL,
        text TEXT NOT NULL,
        partner_id TEXT NOT NULL,
        report_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'stored', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        sent_at INTEGER
      );
    `,
  },
  {
    version: 2,
    name: 'outbox indexes for the sender and the dev viewer',
    sql: `
      CREATE INDEX outbox_pending ON outbox (status, id) WHERE status = 'pending';
      CREATE INDEX outbox_created ON outbox (created_at DESC, id DESC);
    `,
  },
  {
    version: 3,
    name: 'covering index for the polled order status',
    // GET checkout-status reads these columns by id once a second per waiting visitor: with them
    // all in one index the read is a single index lookup, without a second one into the table.
    sql: `
      CREATE INDEX orders_status_read ON orders
        (id, status, status_token, claim_token, payment_provider, payment_session_id, created_at);
    `,
  },
];

/**
 * Applies every migration newer than the database, each in its own IMMEDIATE transaction, so two
 * processes starting at once cannot both apply one. Returns the versions applied now.
 */
export function runMigrations(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const isApplied = db.prepare<[number], { version: number }>(
    'SELECT version FROM schema_migrations WHERE version = ?',
  );
  const record = db.prepare<[number, string, number]>(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const apply = db.transaction(() => {
      // Checked inside the transaction: another process may have applied it meanwhile.
      if (isApplied.get(migration.version)) return;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
      db.pragma(`user_version = ${migration.version}`);
      applied.push(migration.version);
    });
    apply.immediate();
  }
  return applied;
}
