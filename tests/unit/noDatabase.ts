import { vi } from 'vitest';

/**
 * The unit project's setup: a unit test never opens the site's SQLite database. `npm test` runs
 * the unit tests while a fresh machine still compiles better-sqlite3's addon (tools/test/all.ts),
 * so one that did would fail there only; here it fails everywhere, saying where it belongs.
 */
vi.mock('better-sqlite3', () => ({
  default: function openDatabase(): never {
    throw new Error(
      'a unit test opened the SQLite database: list its file in databaseTests (vitest.config.ts), which the server project runs once better-sqlite3 is built',
    );
  },
}));
