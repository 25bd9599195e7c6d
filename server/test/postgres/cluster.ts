import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../tools/freePort.ts';

const run = promisify(execFile);

/**
 * A throwaway Postgres cluster for the tests: initdb in a temp folder, a free port on 127.0.0.1,
 * its socket in the same folder, fsync off (the data is thrown away), run as a non-root user
 * (Postgres refuses root; as root the tests use the `postgres` system user Debian's package made).
 */
export interface Cluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  /** Stops the server, keeping its data: 'fast' ends sessions cleanly, 'immediate' as a crash. */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data (after halt). */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** POSTGRES_BIN, or the newest /usr/lib/postgresql/<version>/bin holding initdb (Debian). */
export function postgresBinDir(): string {
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv) {
    if (!existsSync(join(fromEnv, 'initdb')))
      throw new Error(`POSTGRES_BIN=${fromEnv} holds no initdb.`);
    return fromEnv;
  }
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    throw new Error(
      "The Postgres tests need the Postgres server binaries (initdb, pg_ctl): install Debian's " +
        '"postgresql" package (apt-get install -y postgresql; .ci/run does it) or set POSTGRES_BIN ' +
        'to the folder that holds initdb.',
    );
  }
  return join(base, newest, 'bin');
}

export interface ClusterOptions {
  /**
   * Commits written out before they are acknowledged (synchronous_commit on), so a crash-like
   * stop ('immediate') loses no acknowledged transaction, as in production. Off by default:
   * faster, and the other tests never stop their cluster.
   */
  durable?: boolean;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'homesafe-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = await run('id', ['-u', 'postgres']).catch(() => undefined);
    if (!ids)
      throw new Error('Running as root, the Postgres tests need the "postgres" system user.');
    const uid = Number(ids.stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args])
      : run(join(bin, tool), args);

  const data = join(dir, 'data');
  const port = await freePort();
  let serverOptions = '';
  const startServer = () =>
    exec('pg_ctl', ['-D', data, '-o', serverOptions, '-l', join(dir, 'log'), '-w', 'start']);
  try {
    await exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c fsync=off',
      `-c synchronous_commit=${options.durable ? 'on' : 'off'}`,
      '-c full_page_writes=off',
      '-c max_connections=300',
      '-c shared_buffers=32MB',
    ].join(' ');
    await startServer();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`The throwaway Postgres cluster did not start: ${String(error)}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async halt(mode) {
      await exec('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async resume() {
      await startServer();
    },
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
