import { sql, type Kysely } from 'kysely';
import type { Engine, Schema } from './schema.ts';

/**
 * Numbered schema migrations, one ordered set for SQLite and Postgres. Append new ones; never edit
 * one that has shipped, because databases that already applied it will not run it again.
 *
 * Versions 1 to 3 are the schema SQLite databases of earlier releases already carry (they were
 * applied by the same `schema_migrations` table), so an existing ./data database only runs the
 * versions after them. Each migration is a list of statements, because better-sqlite3 prepares one
 * statement at a time; the few words the two engines spell differently come from `Words`, and a
 * change one engine cannot make the other's way (migration 5) branches on the engine.
 */
export interface Migration {
  version: number;
  name: string;
  statements: (words: Words, engine: Engine) => readonly string[];
}

interface Words {
  /** An auto-numbered integer primary key. */
  serialKey: string;
  /** Epoch milliseconds (past 2^31, so 64-bit in Postgres; SQLite integers are 64-bit anyway). */
  ms: string;
}

const WORDS: Record<Engine, Words> = {
  sqlite: { serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT', ms: 'INTEGER' },
  postgres: { serialKey: 'SERIAL PRIMARY KEY', ms: 'BIGINT' },
};

/** The orders table's columns as migration 1 created them (migration 5 copies them across). */
const ORDER_COLUMNS = [
  'id',
  'partner_id',
  'email',
  'campaign_id',
  'status',
  'amount_cents',
  'currency',
  'payment_provider',
  'payment_session_id',
  'return_url',
  'status_token',
  'claim_token',
  'report_id',
  'created_at',
  'updated_at',
].join(', ');

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: ({ serialKey, ms }) => [
      `CREATE TABLE signups (
        id ${serialKey},
        email TEXT NOT NULL,
        partner_id TEXT NOT NULL,
        created_at ${ms} NOT NULL
      )`,
      'CREATE INDEX signups_email ON signups (email)',
      `CREATE TABLE orders (
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
        created_at ${ms} NOT NULL,
        updated_at ${ms} NOT NULL
      )`,
      'CREATE UNIQUE INDEX orders_payment_session ON orders (payment_provider, payment_session_id)',
      `CREATE TABLE home_profiles (
        report_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL UNIQUE REFERENCES orders (id),
        describe_home TEXT NOT NULL,
        street_address_line1 TEXT NOT NULL,
        postal_code TEXT NOT NULL,
        -- 'true', 'false' or '' (N/A); NULL when not answered.
        own_the_home TEXT,
        num_floors TEXT,
        created_at ${ms} NOT NULL
      )`,
      `CREATE TABLE claim_token_uses (
        report_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (id),
        used_at ${ms} NOT NULL
      )`,
      `CREATE TABLE outbox (
        id ${serialKey},
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        html TEXT NOT NULL,
        text TEXT NOT NULL,
        partner_id TEXT NOT NULL,
        report_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'stored', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at ${ms} NOT NULL,
        sent_at ${ms}
      )`,
    ],
  },
  {
    version: 2,
    name: 'outbox indexes for the sender and the dev viewer',
    statements: () => [
      "CREATE INDEX outbox_pending ON outbox (status, id) WHERE status = 'pending'",
      'CREATE INDEX outbox_created ON outbox (created_at DESC, id DESC)',
    ],
  },
  {
    version: 3,
    name: 'covering index for the polled order status',
    // GET checkout-status reads these columns by id once a second per waiting visitor: with them
    // all in one index the read is a single index lookup, without a second one into the table.
    statements: () => [
      `CREATE INDEX orders_status_read ON orders
        (id, status, status_token, claim_token, payment_provider, payment_session_id, created_at)`,
    ],
  },
  {
    version: 4,
    name: 'shared secrets, abuse-limit counters and outbox delivery leases',
    statements: ({ ms }) => [
      // Generated development secrets live here, so every instance on one database signs alike.
      `CREATE TABLE app_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        created_at ${ms} NOT NULL
      )`,
      // One row per key and fixed window; hits are counted by an atomic upsert.
      `CREATE TABLE rate_limit_counters (
        counter_key TEXT NOT NULL,
        window_start ${ms} NOT NULL,
        hits INTEGER NOT NULL,
        reset_at ${ms} NOT NULL,
        PRIMARY KEY (counter_key, window_start)
      )`,
      'CREATE INDEX rate_limit_counters_reset ON rate_limit_counters (reset_at)',
      // An instance takes a pending email by setting its lease; others skip it until it lapses.
      `ALTER TABLE outbox ADD COLUMN locked_until ${ms}`,
    ],
  },
  {
    version: 5,
    name: 'free claims: orders settled by no payment provider',
    // A free offer's order is claimed, not paid: payment_provider 'free'. Postgres changes the
    // CHECK in place. SQLite cannot alter a CHECK, so the table is rebuilt (its documented
    // procedure): foreign keys stay on, deferred to the commit, and the rows go back into the new
    // "orders" after the old one is dropped, so the profiles that point at them are whole again.
    statements: ({ ms }, engine) =>
      engine === 'postgres'
        ? [
            'ALTER TABLE orders DROP CONSTRAINT orders_payment_provider_check',
            `ALTER TABLE orders ADD CONSTRAINT orders_payment_provider_check
              CHECK (payment_provider IN ('test', 'stripe', 'free'))`,
          ]
        : [
            'PRAGMA defer_foreign_keys = ON',
            'CREATE TABLE orders_before_v5 AS SELECT * FROM orders',
            'DROP TABLE orders',
            `CREATE TABLE orders (
              id TEXT PRIMARY KEY,
              partner_id TEXT NOT NULL,
              email TEXT NOT NULL,
              campaign_id TEXT NOT NULL,
              status TEXT NOT NULL
                CHECK (status IN ('open', 'processing', 'completed', 'canceled', 'expired', 'failed')),
              amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
              currency TEXT NOT NULL,
              payment_provider TEXT NOT NULL CHECK (payment_provider IN ('test', 'stripe', 'free')),
              payment_session_id TEXT,
              return_url TEXT NOT NULL,
              status_token TEXT NOT NULL,
              claim_token TEXT,
              report_id TEXT UNIQUE,
              created_at ${ms} NOT NULL,
              updated_at ${ms} NOT NULL
            )`,
            `INSERT INTO orders (${ORDER_COLUMNS}) SELECT ${ORDER_COLUMNS} FROM orders_before_v5`,
            'DROP TABLE orders_before_v5',
            'CREATE UNIQUE INDEX orders_payment_session ON orders (payment_provider, payment_session_id)',
            `CREATE INDEX orders_status_read ON orders
              (id, status, status_token, claim_token, payment_provider, payment_session_id, created_at)`,
          ],
  },
  {
    version: 6,
    name: 'experiments: which version of a page each visitor was given, and who signed up and ordered',
    // One row per visitor and page (the first time the server gave that visitor a version of it);
    // signups and orders carry the same pseudonymous visitor id (the hs_visitor cookie), so the
    // report follows each version's visitors through the funnel. No personal data in either.
    statements: ({ ms }) => [
      `CREATE TABLE experiment_assignments (
        visitor_id TEXT NOT NULL,
        partner_id TEXT NOT NULL,
        page_key TEXT NOT NULL,
        variant TEXT NOT NULL,
        campaign TEXT,
        day TEXT NOT NULL,
        created_at ${ms} NOT NULL,
        PRIMARY KEY (visitor_id, partner_id, page_key)
      )`,
      'CREATE INDEX experiment_assignments_page ON experiment_assignments (partner_id, page_key, variant, day)',
      'ALTER TABLE signups ADD COLUMN visitor_id TEXT',
      'ALTER TABLE orders ADD COLUMN visitor_id TEXT',
      'CREATE INDEX signups_visitor ON signups (visitor_id) WHERE visitor_id IS NOT NULL',
      'CREATE INDEX orders_visitor ON orders (visitor_id) WHERE visitor_id IS NOT NULL',
    ],
  },
  {
    version: 7,
    name: 'email retry schedule and the reconcile check of unsettled orders',
    // An email that failed waits in the row until next_attempt_at (any instance, or one restarted,
    // honours it) and is given up at give_up_at. An unsettled order's checked_at is when an instance
    // last asked the payment provider about it: the conditional update of it is the per-order lease.
    statements: ({ ms }) => [
      `ALTER TABLE outbox ADD COLUMN next_attempt_at ${ms}`,
      `ALTER TABLE outbox ADD COLUMN give_up_at ${ms}`,
      "CREATE INDEX outbox_unsent ON outbox (status, attempts) WHERE status IN ('pending', 'failed')",
      `ALTER TABLE orders ADD COLUMN checked_at ${ms}`,
      `CREATE INDEX orders_unsettled ON orders (payment_provider, created_at)
        WHERE status IN ('open', 'processing')`,
    ],
  },
  {
    version: 8,
    name: 'a way back: the kind of each email, and orders found by their address',
    // The outbox now holds two kinds of email per order (the confirmation with the step 2 link,
    // then the scanning instructions); rows queued before this were all instructions. The
    // "send me my link again" form finds an address's orders case-insensitively, as sameEmail
    // compares addresses.
    statements: () => [
      "ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'instructions'",
      'CREATE INDEX orders_email ON orders (lower(email), partner_id)',
    ],
  },
  {
    version: 9,
    name: 'experiments: the versions and weights each visitor was assigned under',
    // "control:30,fast:70" (server/experiments/weightsKey.ts): the split check expects each
    // version from the weights live at assignment. Rows from before have none (NULL) and are
    // checked against the file's weights, as before. The index answers the split's GROUP BY from
    // the index alone.
    statements: () => [
      'ALTER TABLE experiment_assignments ADD COLUMN weights_key TEXT',
      'CREATE INDEX experiment_assignments_split ON experiment_assignments (partner_id, page_key, weights_key, variant)',
    ],
  },
  {
    version: 10,
    name: 'guardrails: Core Web Vitals histograms and script error counts per page version and day',
    // Aggregates only (server/report/guardrails.ts): one row per partner, page, version, UTC day,
    // metric and histogram bucket, added to by an atomic upsert from any instance. Nothing of the
    // visitor (no id, address or user agent) is stored.
    statements: () => [
      `CREATE TABLE guardrail_counts (
        partner_id TEXT NOT NULL,
        page_key TEXT NOT NULL,
        variant TEXT NOT NULL,
        day TEXT NOT NULL,
        metric TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (partner_id, page_key, variant, day, metric, bucket)
      )`,
    ],
  },
  {
    version: 11,
    name: 'attribution: what brought the visitor, with each signup and copied to its orders',
    // Nullable columns without a default, on the two biggest tables: both engines add them to the
    // table's definition only (no row is rewritten), and rows from before read as NULL (direct or
    // unknown in the report). No index and no foreign key, whose creation would read the whole
    // table under a lock: the report reads signups and orders whole anyway, and an order finds its
    // signup by primary key. On Postgres a lock the ALTERs cannot get within 5 s (a long query
    // holds the table) fails the migration rather than queue every request behind it; starting
    // again retries it.
    statements: (_words, engine) => [
      ...(engine === 'postgres' ? ["SET LOCAL lock_timeout = '5s'"] : []),
      // The touches as JSON ({first, last}: schemas/api/attribution.schema.json), and the channel
      // each is counted under in the report by source (["newsletter","email","spring"]).
      'ALTER TABLE signups ADD COLUMN attribution TEXT',
      'ALTER TABLE signups ADD COLUMN first_channel TEXT',
      'ALTER TABLE signups ADD COLUMN last_channel TEXT',
      // The signup an order was opened from, and its attribution as it was then: never updated.
      'ALTER TABLE orders ADD COLUMN signup_id INTEGER',
      'ALTER TABLE orders ADD COLUMN attribution TEXT',
      'ALTER TABLE orders ADD COLUMN first_channel TEXT',
      'ALTER TABLE orders ADD COLUMN last_channel TEXT',
    ],
  },
  {
    version: 12,
    name: 'conversions: purchases sent to ad platforms and partners, and the signals they need',
    // The visitor's measurement choice and advertising browser ids (server/conversions/signals.ts,
    // JSON) on signups, copied to orders as attribution is: nullable, no default, no index, so
    // neither engine rewrites a row (as migration 11). The conversions table is the outbox of the
    // deliveries to GA4, Meta and the partner's own system: one row per order, destination and
    // event (the unique index makes queuing twice impossible), leased and retried like an email.
    statements: ({ ms }, engine) => [
      ...(engine === 'postgres' ? ["SET LOCAL lock_timeout = '5s'"] : []),
      'ALTER TABLE signups ADD COLUMN signals TEXT',
      'ALTER TABLE orders ADD COLUMN signals TEXT',
      `CREATE TABLE conversions (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        partner_id TEXT NOT NULL,
        destination TEXT NOT NULL CHECK (destination IN ('ga4', 'meta', 'partner')),
        event TEXT NOT NULL CHECK (event IN ('purchase', 'home_profile')),
        status TEXT NOT NULL
          CHECK (status IN ('pending', 'sent', 'failed', 'no_key', 'skipped')),
        -- Where it goes (a measurement id, a pixel id, an https address): never a secret.
        target TEXT NOT NULL,
        -- The JSON sent, without its secret; NULL when the visitor's choice does not allow it.
        body TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at ${ms} NOT NULL,
        sent_at ${ms},
        locked_until ${ms},
        next_attempt_at ${ms},
        give_up_at ${ms}
      )`,
      'CREATE UNIQUE INDEX conversions_once ON conversions (order_id, destination, event)',
      "CREATE INDEX conversions_pending ON conversions (status, created_at) WHERE status = 'pending'",
      `CREATE INDEX conversions_unsent ON conversions (status, attempts)
        WHERE status IN ('pending', 'failed', 'no_key')`,
      'CREATE INDEX conversions_created ON conversions (created_at DESC)',
    ],
  },
  {
    version: 13,
    name: 'languages: the language of each signup and order (en, es)',
    // The language the visitor chose (src/i18n/languages.ts): the order's emails, their links and
    // the resent link use it, and the report splits by it. A constant default: neither engine
    // rewrites a row to add it (Postgres 11+ keeps the default in the catalogue, SQLite in the
    // table's definition), and every row from before reads 'en', which is what it was. Under the
    // same lock timeout as migrations 11 and 12.
    statements: (_words, engine) => [
      ...(engine === 'postgres' ? ["SET LOCAL lock_timeout = '5s'"] : []),
      "ALTER TABLE signups ADD COLUMN language TEXT NOT NULL DEFAULT 'en'",
      "ALTER TABLE orders ADD COLUMN language TEXT NOT NULL DEFAULT 'en'",
    ],
  },
  {
    version: 14,
    name: 'experiments: which test of a page each visitor was drawn in',
    // A page's later test draws its visitors afresh (a seed per test, src/config/experiments.ts),
    // so a returning visitor has a row per test, the test in the key (testKey: '' for hash
    // version 1, which every row from before is). SQLite cannot change a primary key, so the
    // table is copied once into its new shape; Postgres swaps the key's index, under the lock
    // timeout of migrations 11 to 13 (the table is locked while the index builds). The split's
    // index leads with the test, which the report picks first.
    statements: ({ ms }, engine) =>
      engine === 'postgres'
        ? [
            "SET LOCAL lock_timeout = '5s'",
            "ALTER TABLE experiment_assignments ADD COLUMN test TEXT NOT NULL DEFAULT ''",
            'ALTER TABLE experiment_assignments DROP CONSTRAINT experiment_assignments_pkey',
            'ALTER TABLE experiment_assignments ADD PRIMARY KEY (visitor_id, partner_id, page_key, test)',
            'DROP INDEX experiment_assignments_split',
            'CREATE INDEX experiment_assignments_split ON experiment_assignments (partner_id, page_key, test, weights_key, variant)',
          ]
        : [
            `CREATE TABLE experiment_assignments_by_test (
              visitor_id TEXT NOT NULL,
              partner_id TEXT NOT NULL,
              page_key TEXT NOT NULL,
              variant TEXT NOT NULL,
              campaign TEXT,
              day TEXT NOT NULL,
              created_at ${ms} NOT NULL,
              weights_key TEXT,
              test TEXT NOT NULL DEFAULT '',
              PRIMARY KEY (visitor_id, partner_id, page_key, test)
            )`,
            `INSERT INTO experiment_assignments_by_test
              (visitor_id, partner_id, page_key, variant, campaign, day, created_at, weights_key)
              SELECT visitor_id, partner_id, page_key, variant, campaign, day, created_at, weights_key
              FROM experiment_assignments`,
            'DROP TABLE experiment_assignments',
            'ALTER TABLE experiment_assignments_by_test RENAME TO experiment_assignments',
            'CREATE INDEX experiment_assignments_page ON experiment_assignments (partner_id, page_key, variant, day)',
            'CREATE INDEX experiment_assignments_split ON experiment_assignments (partner_id, page_key, test, weights_key, variant)',
          ],
  },
];

const MIGRATION_LOCK_ID = 7_414_140; // any constant; names this app's migration lock in Postgres

/**
 * Runs `work` holding the database's migration lock: SQLite's write lock (BEGIN IMMEDIATE) or a
 * Postgres transaction-scoped advisory lock, so instances starting together apply each migration
 * once. A failure rolls everything in `work` back.
 */
async function underMigrationLock(
  db: Kysely<Schema>,
  engine: Engine,
  work: (db: Kysely<Schema>) => Promise<void>,
): Promise<void> {
  if (engine === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
      await work(trx);
    });
    return;
  }
  await db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      await work(connection);
      await sql`COMMIT`.execute(connection);
    } catch (error) {
      await sql`ROLLBACK`.execute(connection);
      throw error;
    }
  });
}

/**
 * Applies every migration newer than the database, each in its own transaction under the
 * migration lock, so two processes starting at once cannot both apply one. Returns the versions
 * applied now.
 */
export async function runMigrations(
  db: Kysely<Schema>,
  engine: Engine,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await underMigrationLock(db, engine, async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at ${sql.raw(WORDS[engine].ms)} NOT NULL
    )`.execute(trx);
  });
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    await underMigrationLock(db, engine, async (trx) => {
      // Checked under the lock: another process may have applied it meanwhile.
      const done = await trx
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', migration.version)
        .executeTakeFirst();
      if (done) return;
      for (const statement of migration.statements(WORDS[engine], engine)) {
        await sql.raw(statement).execute(trx);
      }
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: Date.now() })
        .execute();
      if (engine === 'sqlite')
        await sql.raw(`PRAGMA user_version = ${migration.version}`).execute(trx);
      applied.push(migration.version);
    });
  }
  return applied;
}
