import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { CONTROL, pageVersions, signupStepNote } from '../../src/config/experiments.ts';
import type { FunnelCounts } from '../storage/repository.ts';
import { rateDifference, sampleRatioMismatch, wilsonInterval, type Interval } from './stats.ts';

/**
 * The funnel report (npm run report, GET /api/report): per partner, page and version, how many
 * visitors were given it and how many of them then signed up, opened a checkout, paid or claimed
 * the offer and created a home profile, each as a share of the version's visitors with its 95%
 * interval, and against the control, the difference with its 95% interval. Per page, whether the
 * split of visitors matches the weights (a sample-ratio mismatch means the assignment or the
 * counting is broken, and no difference can be trusted). Counts only: no personal data.
 */
export const FUNNEL_STEPS = [
  { key: 'signups', label: 'signed up' },
  { key: 'checkouts', label: 'opened checkout' },
  { key: 'completed', label: 'paid or claimed' },
  { key: 'profiles', label: 'created a profile' },
] as const;

export type StepKey = (typeof FUNNEL_STEPS)[number]['key'];

export interface StepResult {
  count: number;
  /** Share of the version's visitors. */
  rate: number | null;
  interval: Interval | null;
  /** Against the control's rate (a variant only). */
  difference?: { value: number; interval: Interval } | null;
}

export interface VersionResult {
  variant: string;
  /** The version's configured weight today (0 when it is no longer in the file). */
  weight: number;
  visitors: number;
  steps: Record<StepKey, StepResult>;
  /** The same per UTC day of assignment (against the control's visitors of that day). */
  days: { day: string; visitors: number; steps: Record<StepKey, StepResult> }[];
}

export interface PageResult {
  partnerId: string;
  pageKey: string;
  versions: VersionResult[];
  /** The split against the weights of the versions that took visitors. */
  split: { pValue: number; mismatch: boolean; expectedShares: Record<string, number> };
}

export interface FunnelReport {
  generatedAt: string;
  pages: PageResult[];
}

type Totals = Record<'visitors' | StepKey, number>;

const sum = (rows: readonly FunnelCounts[]): Totals => ({
  visitors: rows.reduce((total, row) => total + row.visitors, 0),
  signups: rows.reduce((total, row) => total + row.signups, 0),
  checkouts: rows.reduce((total, row) => total + row.checkouts, 0),
  completed: rows.reduce((total, row) => total + row.completed, 0),
  profiles: rows.reduce((total, row) => total + row.profiles, 0),
});

function stepResult(count: number, visitors: number, control?: Totals, key?: StepKey): StepResult {
  const interval = wilsonInterval(count, visitors) ?? null;
  const result: StepResult = { count, rate: visitors > 0 ? count / visitors : null, interval };
  if (control && key) {
    const difference = rateDifference(
      { successes: count, trials: visitors },
      { successes: control[key], trials: control.visitors },
    );
    result.difference = difference
      ? { value: difference.difference, interval: difference.interval }
      : null;
  }
  return result;
}

export function buildFunnelReport(
  rows: readonly FunnelCounts[],
  partners: readonly PartnerConfig[],
  now: number,
): FunnelReport {
  const byPage = new Map<string, FunnelCounts[]>();
  for (const row of rows) {
    const key = `${row.partnerId}\u0000${row.pageKey}`;
    byPage.set(key, [...(byPage.get(key) ?? []), row]);
  }
  const pages: PageResult[] = [];
  for (const pageRows of byPage.values()) {
    const { partnerId, pageKey } = pageRows[0] as FunnelCounts;
    const page = partners.find((partner) => partner.id === partnerId)?.pages[pageKey];
    const weights = new Map(
      (page ? pageVersions(page) : []).map((version) => [version.id, version.weight]),
    );
    // The versions that took visitors, and those the file gives a weight that took none yet (a
    // version nobody is put in is what the split check must see).
    const weighted = [...weights].filter(([, weight]) => weight > 0).map(([id]) => id);
    const variants = [...new Set([...pageRows.map((row) => row.variant), ...weighted])].sort(
      (a, b) => (a === CONTROL ? -1 : b === CONTROL ? 1 : a.localeCompare(b)),
    );
    const totals = new Map(
      variants.map((variant) => [variant, sum(pageRows.filter((row) => row.variant === variant))]),
    );
    const control = totals.get(CONTROL);
    const stepsOf = (variant: string, total: Totals, against: Totals | undefined) =>
      Object.fromEntries(
        FUNNEL_STEPS.map(({ key }) => [
          key,
          variant === CONTROL
            ? stepResult(total[key], total.visitors)
            : stepResult(total[key], total.visitors, against, key),
        ]),
      ) as Record<StepKey, StepResult>;
    const versions = variants.map((variant): VersionResult => {
      const total = totals.get(variant) as Totals;
      return {
        variant,
        weight: weights.get(variant) ?? 0,
        visitors: total.visitors,
        steps: stepsOf(variant, total, control),
        days: pageRows
          .filter((row) => row.variant === variant)
          .map((row) => {
            const controlDay = pageRows.find(
              (candidate) => candidate.variant === CONTROL && candidate.day === row.day,
            );
            return {
              day: row.day,
              visitors: row.visitors,
              steps: stepsOf(variant, sum([row]), controlDay ? sum([controlDay]) : undefined),
            };
          }),
      };
    });
    const weighed = versions.filter((version) => version.weight > 0);
    const totalWeight = weighed.reduce((total, version) => total + version.weight, 0);
    const split = sampleRatioMismatch(
      weighed.map((version) => version.visitors),
      weighed.map((version) => version.weight),
    );
    pages.push({
      partnerId,
      pageKey,
      versions,
      split: {
        ...split,
        expectedShares: Object.fromEntries(
          weighed.map((version) => [version.variant, version.weight / totalWeight]),
        ),
      },
    });
  }
  return { generatedAt: new Date(now).toISOString(), pages };
}

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`;
const points = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}`;

/** The report as a readable table, one block per page. */
export function formatFunnelReport(report: FunnelReport): string {
  const lines: string[] = [];
  if (report.pages.length === 0) {
    return 'No visitor has been given a version of any page yet (pages with an experiment record their visitors).';
  }
  for (const page of report.pages) {
    lines.push(`${page.partnerId} / ${page.pageKey}`);
    const header = ['version', 'weight', 'visitors', ...FUNNEL_STEPS.map((step) => step.label)];
    const rows = page.versions.map((version) => [
      version.variant,
      String(version.weight),
      String(version.visitors),
      ...FUNNEL_STEPS.map(({ key }) => {
        const step = version.steps[key];
        const interval = step.interval
          ? ` [${percent(step.interval.low)}–${percent(step.interval.high)}]`
          : '';
        const difference = step.difference
          ? ` (${points(step.difference.value)} pts [${points(step.difference.interval.low)}, ${points(step.difference.interval.high)}])`
          : '';
        return `${step.count} ${percent(step.rate)}${interval}${difference}`;
      }),
    ]);
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
    );
    const line = (cells: string[]) =>
      `  ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
    lines.push(line(header), ...rows.map(line));
    const note = signupStepNote(page.pageKey);
    if (note) lines.push(`  ${note}`);
    const shares = Object.entries(page.split.expectedShares)
      .map(([variant, share]) => `${variant} ${percent(share)}`)
      .join(', ');
    lines.push(
      page.split.mismatch
        ? `  WARNING: the split of visitors does not match the weights (${shares}): chi-square p = ${page.split.pValue.toExponential(2)} < 0.001. Something assigns or counts visitors wrongly; do not trust these differences until it is found.`
        : `  split matches the weights (${shares}): chi-square p = ${page.split.pValue.toFixed(3)}`,
      '',
    );
  }
  lines.push(
    'Each rate is a share of the version\'s visitors, with its 95% interval; "pts" is the difference from the control in percentage points, with its 95% interval.',
  );
  return lines.join('\n');
}
