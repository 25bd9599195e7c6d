import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type {
  FunnelReport,
  PageGuardrails,
  PageResult,
  TouchKind,
} from '../../src/services/generated/api.ts';
import type {
  AssignmentRepository,
  GuardrailRepository,
  ReportRepository,
} from '../storage/repository.ts';
import { buildFunnelReport, formatFunnelReport } from './funnelReport.ts';
import { formatGuardrails, withGuardrails } from './guardrails.ts';
import { buildSourceReport, formatSourceReport } from './sourceReport.ts';
import { buildLanguageReport, formatLanguageReport } from './languageReport.ts';

/** The report as read here: every page with its guardrails. */
export type FullReport = FunnelReport & {
  pages: (PageResult & { guardrails: PageGuardrails })[];
  languages: NonNullable<FunnelReport['languages']>;
};

/**
 * The whole report from the database, as GET /api/report and `npm run report` give it (the contract
 * schemas/api/report.response.schema.json): the experiments funnel with each tested page's
 * guardrails, the breakdown by source of the touch chosen (last by default) and the one by language.
 */
export async function readReport(
  repo: ReportRepository & AssignmentRepository & GuardrailRepository,
  partners: readonly PartnerConfig[],
  now: number,
  options: { partnerId?: string | undefined; touch?: TouchKind | undefined } = {},
): Promise<FullReport> {
  const filter = options.partnerId === undefined ? {} : { partnerId: options.partnerId };
  const touch = options.touch ?? 'last';
  const [rows, splitRows, guardrailRows, sourceRows, languageRows] = await Promise.all([
    repo.funnel(filter),
    repo.splitCounts(filter),
    repo.guardrailCounts(filter),
    repo.sourceCounts({ ...filter, touch }),
    repo.languageCounts(filter),
  ]);
  const funnel = buildFunnelReport(rows, splitRows, partners, now);
  // Each tested page also says how its versions did with real visitors' pages.
  const pages = withGuardrails(funnel, guardrailRows);
  return {
    ...funnel,
    pages,
    sources: buildSourceReport(sourceRows, touch),
    languages: buildLanguageReport(languageRows),
  };
}

/** The report as text: the funnel's tables, the guardrails, the report by source, by language. */
export const reportText = (report: FullReport): string =>
  `${formatFunnelReport(report)}\n\n${formatGuardrails(report.pages)}\n\n${formatSourceReport(report.sources)}\n\n${formatLanguageReport(report.languages)}`;
