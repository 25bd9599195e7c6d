import { resolve } from 'node:path';
import { loadConfig } from '../src/config/node/loadConfig.ts';
import { ConfigError, loadServerConfig } from './config.ts';
import { buildFunnelReport, formatFunnelReport } from './report/funnelReport.ts';
import { formatGuardrails, withGuardrails } from './report/guardrails.ts';
import { databaseTarget } from './storage/database.ts';
import { openRepository } from './storage/kyselyRepository.ts';

/**
 * The experiments funnel report (server/report/funnelReport.ts) from the database the server uses
 * (DATABASE_URL or DATABASE_PATH): `npm run report [-- --json] [-- --partner <id>]`. The JSON is
 * the same contract as GET /api/report (schemas/api/report.response.schema.json).
 */
function parseReportArgs(argv: readonly string[]): { json: boolean; partner?: string } {
  let json = false;
  let partner: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--partner') {
      partner = argv[i + 1];
      if (!partner || partner.startsWith('--')) throw new Error('--partner needs a partner id');
      i += 1;
    } else {
      throw new Error(`Unknown option ${arg}. Usage: npm run report -- [--json] [--partner <id>]`);
    }
  }
  return { json, ...(partner ? { partner } : {}) };
}

async function main(): Promise<void> {
  const { json, partner } = parseReportArgs(process.argv.slice(2));
  const config = loadServerConfig();
  const { partners } = loadConfig({ root: resolve(import.meta.dirname, '..') });
  const repo = await openRepository(databaseTarget(config));
  try {
    const filter = partner ? { partnerId: partner } : {};
    const funnel = buildFunnelReport(
      await repo.funnel(filter),
      await repo.splitCounts(filter),
      partners,
      Date.now(),
    );
    const report = { ...funnel, pages: withGuardrails(funnel, await repo.guardrailCounts(filter)) };
    console.log(
      json
        ? JSON.stringify(report, null, 2)
        : `${formatFunnelReport(report)}\n\n${formatGuardrails(report.pages)}`,
    );
  } finally {
    await repo.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
