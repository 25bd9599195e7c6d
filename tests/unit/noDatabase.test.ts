import Database from 'better-sqlite3';
import { expect, it } from 'vitest';

/** The unit project's guard (tests/unit/noDatabase.ts) is in place: opening the database fails. */
it('refuses to open the SQLite database in a unit test, and says where such a test belongs', () => {
  expect(() => new Database(':memory:')).toThrow(/list its file in databaseTests/);
});
