import { resolve } from 'node:path';
import { loadConfig } from '../src/config/node/loadConfig.ts';
import { TOUCH_KINDS, type TouchKind } from '../src/services/generated/api.ts';
import { ConfigError, loadServerConfig } from './config.ts';
import { readReport, reportText } from './report/readReport.ts';
import { databaseTarget } from './storage/database.ts';
import { openRepository } from './storage/kyselyRepository.ts';

/**
 * The report (server/report/readReport.ts: the experiments funnel and the breakdown by source)
 * from the database the server uses (DATABASE_URL or DATABASE_PATH):
 * `npm run report [-- --json] [-- --partner <id>] [-- --touch first|last]`. The JSON is the same
 * contract as GET /api/report (schemas/api/report.response.schema.json).
 */
const USAGE = 'Usage: npm run report -- [--json] [--partner <id>] [--touch first|last]';

const isTouch = (value: string | undefined): value is TouchKind =>
  TOUCH_KINDS.some((kind) => kind === value);

export function parseReportArgs(argv: readonly string[]): {
  json: boolean;
  partner?: string;
  touch: TouchKind;
} {
  let json = false;
  let partner: string | undefined;
  let touch: TouchKind = 'last';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--partner') {
      partner = argv[i + 1];
      if (!partner || partner.startsWith('--')) throw new Error('--partner needs a partner id');
      i += 1;
    } else if (arg === '--touch') {
      const value = argv[i + 1];
      if (!isTouch(value)) throw new Error(`--touch takes first or last. ${USAGE}`);
      touch = value;
      i += 1;
    } else {
      throw new Error(`Unknown option ${arg}. ${USAGE}`);
    }
  }
  return { json, touch, ...(partner ? { partner } : {}) };
}

async function main(): Promise<void> {
  const { json, partner, touch } = parseReportArgs(process.argv.slice(2));
  const config = loadServerConfig();
  const { partners } = loadConfig({ root: resolve(import.meta.dirname, '..') });
  const repo = await openRepository(databaseTarget(config));
  try {
    const report = await readReport(repo, partners, Date.now(), { partnerId: partner, touch });
    console.log(json ? JSON.stringify(report, null, 2) : reportText(report));
  } finally {
    await repo.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
