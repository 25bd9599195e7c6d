import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Engine, Schema } from './schema.ts';

/** How long a request waits for a Postgres connection before it is refused (503). */
export const PG_CONNECT_TIMEOUT_MS = 3000;

/** Where the data lives: a SQLite file (the embedded default) or a Postgres server. */
export type DatabaseTarget =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string; poolSize?: number };

export interface Connected {
  db: Kysely<Schema>;
  engine: Engine;
}

const INT8_OID = 20;

/**
 * BIGINT (epoch milliseconds, COUNT(*)) comes back from pg as a string, because it can exceed
 * 2^53; every BIGINT this app stores is a time in milliseconds or a count, far below that.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * better-sqlite3 behind Kysely, with each distinct SQL text prepared once: Kysely's driver
 * prepares every query it runs, and preparing costs more than running the status poll's read.
 * Safe because Kysely runs one query at a time on its single SQLite connection.
 */
function cachingSqlite(path: string): SqliteDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL lets the status poll read while a write is in progress; NORMAL is durable enough with WAL.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= 500) statements.clear(); // bound memory; a few re-prepares at worst
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      if (db.open) db.close();
    },
  };
}

/** Opens a connection (SQLite) or a pool (Postgres). Migrations are run by the caller. */
export function connectDatabase(target: DatabaseTarget): Connected {
  if (target.engine === 'sqlite') {
    return {
      engine: 'sqlite',
      db: new Kysely<Schema>({
        dialect: new SqliteDialect({ database: cachingSqlite(target.path) }),
      }),
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    types: pgTypes,
    idleTimeoutMillis: 30_000,
    // With Postgres down or unreachable, a request waits at most this long for a connection and
    // is then refused (503, server/http/errors.ts) instead of hanging.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
  });
  // A lost database connection is reported by the query that needed it, not as a crash: an idle
  // client's error reaches the pool's listener, and a checked-out client between two queries (in
  // a transaction) would otherwise emit 'error' with no listener, which ends the process. pg-pool
  // drops a broken client when it is released, so the pool heals once Postgres is back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { engine: 'postgres', db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }) };
}

/** DATABASE_URL when set (Postgres), otherwise the SQLite file at DATABASE_PATH. */
export function databaseTarget(settings: {
  databaseUrl: string | undefined;
  databasePath: string;
  databasePoolSize?: number;
}): DatabaseTarget {
  return settings.databaseUrl === undefined
    ? { engine: 'sqlite', path: settings.databasePath }
    : { engine: 'postgres', url: settings.databaseUrl, poolSize: settings.databasePoolSize };
}
