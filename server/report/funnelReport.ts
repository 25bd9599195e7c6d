import type { Page, PartnerConfig } from '../../src/config/generated/partner.ts';
import { CONTROL, pageVersions, signupStepNote, testKey } from '../../src/config/experiments.ts';
import type {
  AnytimeComparison,
  FunnelReport,
  FunnelSteps,
  PageResult,
  ReportMethod,
  SplitCheck,
  StepResult,
  VersionResult,
} from '../../src/services/generated/api.ts';
import { parseWeightsKey } from '../experiments/weightsKey.ts';
import type { FunnelCounts, SplitCounts } from '../storage/repository.ts';
import {
  ALPHA,
  anytimeDifference,
  holmAdjust,
  SEQUENTIAL_TUNING_VISITORS,
  visitorsPerVersionFor,
} from './sequential.ts';
import { splitTest, type WeightSetCounts } from './splitCheck.ts';
import { rateDifference, wilsonInterval } from './stats.ts';

/**
 * The funnel report (npm run report, GET /api/report; its shape is the contract
 * schemas/api/report.response.schema.json): per partner, page and version, how many visitors were
 * given it and how many of them then signed up, opened a checkout, paid or claimed the offer and
 * created a home profile, each as a share of the version's visitors with its 95% interval; against
 * the control, the difference with its fixed 95% interval and its anytime-valid one
 * (sequential.ts), Holm-corrected over the page's comparisons, and a verdict in words that rests
 * on the anytime interval. Per page, whether the split of visitors matches the weights each was
 * assigned under (splitCheck.ts; a mismatch means the assignment or the counting is broken, and no
 * difference can be trusted). Counts only: no personal data. docs/experiments-report.md explains
 * how to read it.
 */
export type { FunnelReport, PageResult, StepResult, VersionResult };

export const FUNNEL_STEPS = [
  { key: 'signups', label: 'signed up', noun: 'signups' },
  { key: 'checkouts', label: 'opened checkout', noun: 'checkouts opened' },
  { key: 'completed', label: 'paid or claimed', noun: 'payments or claims' },
  { key: 'profiles', label: 'created a profile', noun: 'profiles created' },
] as const satisfies readonly { key: keyof FunnelSteps; label: string; noun: string }[];

export type StepKey = (typeof FUNNEL_STEPS)[number]['key'];

/** The size of difference the "not enough data yet" estimate aims at: 2 percentage points. */
export const MINIMUM_DIFFERENCE = 0.02;
export const SPLIT_THRESHOLD = 0.001;

export const REPORT_METHOD: ReportMethod = {
  alpha: ALPHA,
  tuningVisitors: SEQUENTIAL_TUNING_VISITORS,
  correction: 'holm',
  minimumDifference: MINIMUM_DIFFERENCE,
  splitThreshold: SPLIT_THRESHOLD,
};

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

const signedPoints = (value: number) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}`;

/** "about 1,900": two significant figures, since the estimate is rough. */
function about(n: number): string {
  const digits = Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 1);
  const rounded = Math.ceil(n / 10 ** digits) * 10 ** digits;
  return rounded.toLocaleString('en-US');
}

/**
 * The verdict on one comparison, from its anytime interval and its Holm-corrected anytime p-value.
 */
function judge(
  variant: string,
  noun: string,
  value: number,
  interval: { low: number; high: number },
  pValue: number,
  adjustedPValue: number,
  visitors: { variant: number; control: number; pooledRate: number },
  comparisons: number,
): AnytimeComparison {
  const head = `${variant}: ${signedPoints(value)} points ${noun} (95% anytime interval ${signedPoints(interval.low)} to ${signedPoints(interval.high)})`;
  const base = { value, interval, pValue, adjustedPValue };
  if (adjustedPValue < ALPHA) {
    const verdict = value > 0 ? 'ahead' : 'behind';
    return { ...base, verdict, moreVisitors: null, sentence: `${head}: ${verdict}` };
  }
  const margin = MINIMUM_DIFFERENCE;
  if (interval.low > -margin && interval.high < margin) {
    return {
      ...base,
      verdict: 'noDifference',
      moreVisitors: null,
      sentence: `${head}: no difference of ${margin * 100} points or more`,
    };
  }
  const have = Math.min(visitors.variant, visitors.control);
  const excludesZero = interval.low > 0 || interval.high < 0;
  const lean = excludesZero
    ? `leaning ${value > 0 ? 'ahead' : 'behind'}, not certain yet with the ${comparisons} comparisons on this page`
    : 'not enough data yet';
  // Visitors for the interval (at Holm's strictest level) to be ±2 points wide; past that, for it
  // to settle whether the difference reaches 2 points (half-width below the gap to ±2).
  let more = visitorsPerVersionFor(visitors.pooledRate, margin, comparisons) - have;
  let aim = `for a ${margin * 100}-point difference`;
  if (more <= 0) {
    const gap = Math.max(margin - Math.abs(value), margin / 4);
    more = visitorsPerVersionFor(visitors.pooledRate, gap, comparisons) - have;
    aim = `to tell whether the difference reaches ${margin * 100} points`;
  }
  more = Math.max(1, more);
  const sentence = Number.isFinite(more)
    ? `${head}: ${lean}: about ${about(more)} more visitors per version ${aim}`
    : `${head}: ${lean}`;
  return {
    ...base,
    verdict: 'notEnoughData',
    moreVisitors: Number.isFinite(more) ? more : null,
    sentence,
  };
}

/**
 * The split check of one page: its visitors grouped by the weights they were assigned under; rows
 * recorded before that was stored (no key) are checked against the file's weights today, as the
 * report did before, and flagged as such.
 */
function checkSplit(
  splitRows: readonly SplitCounts[],
  fileWeights: ReadonlyMap<string, number>,
): SplitCheck {
  const sets = new Map<string, WeightSetCounts>();
  let unrecordedVisitors = 0;
  const todays = Object.fromEntries([...fileWeights].filter(([, weight]) => weight > 0));
  for (const row of splitRows) {
    const weights = row.weightsKey === null ? undefined : parseWeightsKey(row.weightsKey);
    const key = weights ? (row.weightsKey ?? '') : '\u0000file';
    if (!weights) {
      unrecordedVisitors += row.visitors;
      // As before: a version the file no longer weighs is left out of the check.
      if (!(row.variant in todays)) continue;
    }
    const set = sets.get(key) ?? { weights: weights ?? todays, counts: {} };
    set.counts[row.variant] = (set.counts[row.variant] ?? 0) + row.visitors;
    sets.set(key, set);
  }
  const recorded = [...sets.keys()].filter((key) => key !== '\u0000file').length;
  const basis = unrecordedVisitors === 0 ? 'recorded' : recorded === 0 ? 'fileWeights' : 'mixed';
  const result = splitTest([...sets.values()]);
  const totalExpected = Object.values(result.expected).reduce((a, b) => a + b, 0);
  const expectedShares = Object.fromEntries(
    Object.entries(result.expected).map(([variant, expected]) => [
      variant,
      totalExpected > 0 ? expected / totalExpected : 0,
    ]),
  );
  const mismatch = result.pValue < SPLIT_THRESHOLD;
  const test =
    result.test === 'pearson' ? 'chi-square' : `Wald chi-square over ${sets.size} sets of weights`;
  const shares = Object.entries(expectedShares)
    .map(([variant, share]) => `${variant} ${(share * 100).toFixed(1)}%`)
    .join(', ');
  const pText = result.pValue < 0.001 ? result.pValue.toExponential(1) : result.pValue.toFixed(3);
  const assumed =
    basis === 'fileWeights'
      ? ' These visitors came before the report recorded the weights each was given under, so the weights in the file today are assumed.'
      : basis === 'mixed'
        ? ` ${unrecordedVisitors.toLocaleString('en-US')} visitors came before the weights were recorded; for them the weights in the file today are assumed.`
        : '';
  const sentence = result.impossible
    ? `The split does not match: some visitors were counted in a version that had no weight when they were given it. Something assigns or counts visitors wrongly; do not trust these differences until it is found.${assumed}`
    : mismatch
      ? `The split of visitors does not match the weights they were given under (expected ${shares}; ${test} p = ${pText} < ${SPLIT_THRESHOLD}). Something assigns or counts visitors wrongly; do not trust these differences until it is found.${assumed}`
      : `The split matches the weights the visitors were given under (expected ${shares}; ${test} p = ${pText}).${assumed}`;
  return {
    pValue: result.pValue,
    mismatch,
    expectedShares,
    expected: result.expected,
    test: result.test,
    basis,
    weightSets: sets.size,
    unrecordedVisitors,
    sentence,
  };
}

/**
 * The test of a page the report counts: the one the partner file runs on it now, when it runs
 * one; else (the test was ended and taken out of the file) the one whose visitors came last.
 * Earlier tests' visitors stay in the database, but counted with a later test's they would mix
 * two draws, and with seeds a returning visitor is in both.
 */
function reportedTest(pageRows: readonly FunnelCounts[], page: Page | undefined): string {
  if (page?.experiment) return testKey(page.experiment);
  let latest = pageRows[0] as FunnelCounts;
  for (const row of pageRows) if (row.day > latest.day) latest = row;
  return latest.test;
}

export function buildFunnelReport(
  allRows: readonly FunnelCounts[],
  allSplitRows: readonly SplitCounts[],
  partners: readonly PartnerConfig[],
  now: number,
): Omit<FunnelReport, 'sources'> {
  const byPage = new Map<string, FunnelCounts[]>();
  for (const row of allRows) {
    const key = `${row.partnerId}\u0000${row.pageKey}`;
    byPage.set(key, [...(byPage.get(key) ?? []), row]);
  }
  const pages: PageResult[] = [];
  for (const everyTestsRows of byPage.values()) {
    const { partnerId, pageKey } = everyTestsRows[0] as FunnelCounts;
    const page = partners.find((partner) => partner.id === partnerId)?.pages[pageKey];
    const test = reportedTest(everyTestsRows, page);
    const pageRows = everyTestsRows.filter((row) => row.test === test);
    // A test the file runs now that no visitor has reached yet: no results to show.
    if (pageRows.length === 0) continue;
    const weights = new Map(
      (page ? pageVersions(page) : []).map((version) => [version.id, version.weight]),
    );
    const pageSplitRows = allSplitRows.filter(
      (row) => row.partnerId === partnerId && row.pageKey === pageKey && row.test === test,
    );
    const split = checkSplit(pageSplitRows, weights);
    // The versions that took visitors, and those the split expects that took none yet (a version
    // nobody is put in is what the split check must see).
    const variants = [
      ...new Set([...pageRows.map((row) => row.variant), ...Object.keys(split.expected)]),
    ].sort((a, b) => (a === CONTROL ? -1 : b === CONTROL ? 1 : a.localeCompare(b)));
    const totals = new Map(
      variants.map((variant) => [variant, sum(pageRows.filter((row) => row.variant === variant))]),
    );
    const control = totals.get(CONTROL);
    const stepsOf = (variant: string, total: Totals, against: Totals | undefined) => {
      const one = (key: StepKey) =>
        variant === CONTROL
          ? stepResult(total[key], total.visitors)
          : stepResult(total[key], total.visitors, against, key);
      const steps: FunnelSteps = {
        signups: one('signups'),
        checkouts: one('checkouts'),
        completed: one('completed'),
        profiles: one('profiles'),
      };
      return steps;
    };
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
    const comparisons = anytimeComparisons(versions, control);
    pages.push({ partnerId, pageKey, versions, split, comparisons });
  }
  return { generatedAt: new Date(now).toISOString(), method: REPORT_METHOD, pages };
}

/**
 * Adds each variant's anytime comparison to its steps' totals, Holm-corrected over every variant
 * and step of the page that has data on both sides; returns how many that is.
 */
function anytimeComparisons(versions: VersionResult[], control: Totals | undefined): number {
  if (!control) return 0;
  const found: {
    version: VersionResult;
    key: StepKey;
    noun: string;
    result: NonNullable<ReturnType<typeof anytimeDifference>>;
  }[] = [];
  for (const version of versions) {
    if (version.variant === CONTROL) continue;
    for (const { key, noun } of FUNNEL_STEPS) {
      const result = anytimeDifference(
        { successes: version.steps[key].count, trials: version.visitors },
        { successes: control[key], trials: control.visitors },
      );
      if (result) found.push({ version, key, noun, result });
      else version.steps[key].anytime = null;
    }
  }
  const adjusted = holmAdjust(found.map(({ result }) => result.pValue));
  found.forEach(({ version, key, noun, result }, i) => {
    version.steps[key].anytime = judge(
      version.variant,
      noun,
      result.difference,
      result.interval,
      result.pValue,
      adjusted[i] ?? 1,
      {
        variant: version.visitors,
        control: control.visitors,
        pooledRate:
          (version.steps[key].count + control[key]) / (version.visitors + control.visitors),
      },
      found.length,
    );
  });
  return found.length;
}

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`;
const points = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}`;

/** The report as a readable table, one block per page, then its verdicts and split check. */
export function formatFunnelReport(report: Pick<FunnelReport, 'pages'>): string {
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
    const verdicts = page.versions.flatMap((version) =>
      FUNNEL_STEPS.map(({ key }) => version.steps[key].anytime?.sentence).filter(
        (sentence): sentence is string => sentence !== undefined,
      ),
    );
    if (verdicts.length > 0) {
      lines.push(
        `  Verdicts (anytime intervals, Holm-corrected over the ${page.comparisons} comparisons on this page):`,
        ...verdicts.map((sentence) => `    ${sentence}`),
      );
    }
    lines.push(`  ${page.split.mismatch ? 'WARNING: ' : ''}${page.split.sentence}`, '');
  }
  lines.push(
    'Each rate is a share of the version\'s visitors, with its 95% interval; "pts" is the difference from the control in percentage points, with its fixed 95% interval (right for one look decided in advance). The verdicts rest on the anytime 95% interval, which stays right however often you look (docs/experiments-report.md).',
  );
  return lines.join('\n');
}
