import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, type Started } from './processes.ts';
import { freePort } from '../freePort.ts';

/**
 * A throwaway Postgres cluster for the benchmark, started the way the server tests start theirs:
 * initdb in a temporary folder, a free port on 127.0.0.1, run as the postgres user when this runs
 * as root (Postgres refuses root), removed at the end. Postgres's own settings stay the defaults
 * (fsync and synchronous commit on), so it is compared with SQLite as it would run in production.
 */
export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
}

export function postgresBinariesPresent(): boolean {
  return (
    existsSync(join(POSTGRES_BIN_DIR, 'initdb')) && existsSync(join(POSTGRES_BIN_DIR, 'postgres'))
  );
}

/** [command, args] that runs a Postgres binary as the postgres user when we are root. */
function asPostgres(binary: string, args: string[]): [string, string[]] {
  const path = join(POSTGRES_BIN_DIR, binary);
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
    : [path, args];
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'homesafe-bench-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const [initdb, initArgs] = asPostgres('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [postgres, runArgs] = asPostgres('postgres', [
    '-D',
    data,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
  ]);
  let server: Started;
  try {
    server = await startProcess(postgres, runArgs, {
      ready: /database system is ready to accept connections/,
      timeoutMs: 30_000,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const [createdb, createArgs] = asPostgres('createdb', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    'homesafe',
  ]);
  execFileSync(createdb, createArgs, { stdio: 'ignore' });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/homesafe`,
    async stop() {
      // pg_ctl rather than a signal to runuser, which would not always reach postgres itself.
      const [pgCtl, stopArgs] = asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      try {
        execFileSync(pgCtl, stopArgs, { stdio: 'ignore', timeout: 30_000 });
      } finally {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
