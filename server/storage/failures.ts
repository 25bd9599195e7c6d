/**
 * Which thrown errors mean "the database is not there right now" (Postgres stopped, restarting or
 * unreachable; SQLite locked or failing to read its file) or "the disk is full" (SQLITE_FULL,
 * Postgres's disk_full), rather than a bug. The error handler answers those with a 503 or 507 in
 * the usual error shape and a Retry-After, never a 500: the visitor can simply try again.
 */
export type StorageFailure = 'unavailable' | 'full';

/** Node socket errors of a connection to Postgres that went away or never came. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Postgres SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin shutdown, crash
 * shutdown, cannot connect now: starting up or shutting down), 53300 (too many connections).
 */
const POSTGRES_UNAVAILABLE = /^(08\d\d\d|57P0[1-3]|53300)$/;
const POSTGRES_FULL = '53100';

/** pg's own messages for a connection lost or not obtained (they carry no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection ended unexpectedly',
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function storageFailure(error: unknown): StorageFailure | undefined {
  // Follow `cause` a few levels: a wrapper may keep the driver's error there.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = codeOf(current);
    if (code === 'SQLITE_FULL' || code === POSTGRES_FULL) return 'full';
    if (code !== undefined) {
      if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)) return 'unavailable';
      if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN)/.test(code)) return 'unavailable';
    }
    if (
      PG_MESSAGES.some((message) => current instanceof Error && current.message.includes(message))
    )
      return 'unavailable';
    // better-sqlite3 after close (a request that outlived a shutdown's deadline).
    if (current instanceof TypeError && current.message === 'The database connection is not open')
      return 'unavailable';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Seconds a client should wait before trying again (the Retry-After header). */
export const RETRY_AFTER_SECONDS: Record<StorageFailure, number> = { unavailable: 5, full: 60 };
