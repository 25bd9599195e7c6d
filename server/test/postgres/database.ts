import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The engines every storage-dependent test runs on. */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type TestEngine = (typeof ENGINES)[number];

/** The engine the HTTP tests use: the `server-postgres` project sets TEST_DATABASE=postgres. */
export function testEngine(): TestEngine {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A URL of an empty database of its own in the throwaway cluster: a new schema, selected through
 * the connection's search_path, which costs far less than a CREATE DATABASE per test.
 */
export async function freshPostgresUrl(): Promise<string> {
  const admin = inject('postgresUrl');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
