import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { TOUCH_KINDS, type TouchKind } from '../../src/services/generated/api.ts';
import { readReport } from '../../server/report/readReport.ts';
import type { DatabaseTarget } from '../../server/storage/database.ts';
import { openRepository } from '../../server/storage/kyselyRepository.ts';

/**
 * GET /api/report for the studio's Test results, with no other program to start: the site's API
 * answers when it is running (it may use another database than this folder's settings name);
 * otherwise the studio reads the report from the site's database itself, with the site's own
 * code (server/report/readReport.ts), so the answer is the same contract either way.
 *
 * The database is the one the site would use from this project folder: DATABASE_URL (Postgres)
 * when set, else the SQLite file at DATABASE_PATH (default data/homesafe.db, from the project
 * root). A SQLite file that is not there has no visitors yet: the report is read from an empty
 * database in memory rather than creating the site's file.
 */
export interface ReportAnswer {
  status: number;
  body: unknown;
}

const isTouch = (value: string | null): value is TouchKind =>
  TOUCH_KINDS.some((kind) => kind === value);

export function databaseOf(projectRoot: string, env: NodeJS.ProcessEnv): DatabaseTarget {
  if (env.DATABASE_URL) return { engine: 'postgres', url: env.DATABASE_URL, poolSize: 2 };
  const path = resolve(projectRoot, env.DATABASE_PATH ?? 'data/homesafe.db');
  return { engine: 'sqlite', path: existsSync(path) ? path : ':memory:' };
}

export function createStudioReport(
  projectRoot: string,
  apiAddress: string,
  env: NodeJS.ProcessEnv = process.env,
) {
  /** The site's API's answer, or undefined when nothing listens there. */
  async function fromApi(search: string): Promise<ReportAnswer | undefined> {
    try {
      const answer = await fetch(`${apiAddress}/api/report${search}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      return { status: answer.status, body: await answer.json().catch(() => ({})) };
    } catch {
      return undefined;
    }
  }

  async function fromDatabase(query: URLSearchParams): Promise<ReportAnswer> {
    const partnerId = query.get('partner') ?? undefined;
    const touch = query.get('touch');
    const { partners } = loadConfig({ root: projectRoot });
    // Opened for each read and closed after: the site may migrate or replace the file meanwhile.
    const repo = await openRepository(databaseOf(projectRoot, env));
    try {
      const body = await readReport(repo, partners, Date.now(), {
        partnerId,
        touch: isTouch(touch) ? touch : 'last',
      });
      return { status: 200, body };
    } finally {
      await repo.close();
    }
  }

  return async (url: URL): Promise<ReportAnswer> =>
    (await fromApi(url.search)) ?? fromDatabase(url.searchParams);
}
