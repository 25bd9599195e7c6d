import { CONTROL } from '../../src/config/experiments.ts';
import {
  VITAL_METRICS,
  type GuardrailFlag,
  type PageGuardrails,
  type VersionGuardrails,
  type VersionVitals,
  type VitalMetric,
  type VitalsRequest,
} from '../../src/services/generated/api.ts';
import type { GuardrailCount } from '../storage/repository.ts';
import { bucketOf, percentile75, type Percentile } from './vitalsHistogram.ts';
import { formatVital } from '../../src/services/vitals/formatVital.ts';

/**
 * Guardrails from real visitors: whether a variant makes its page slower or break more often than
 * the control, while it may help signups. Each page view of a tested page sends its Core Web
 * Vitals and script error count (src/services/vitals/); the server keeps only counts per partner,
 * page, version, UTC day and metric (vitalsHistogram.ts), and this module reads them back as each
 * version's 75th percentiles and error rate, per day and in total, and flags a variant clearly
 * worse than the control by the rule below (FLAG_RULE says it in words).
 */

/** Page-view counters stored beside the histograms (bucket 0). */
const VIEWS = 'views';
const ERROR_VIEWS = 'error_views';
const ERRORS = 'errors';

/** The aggregates one page view adds (POST /api/vitals): nothing else of it is kept. */
export function pageViewCounts(view: VitalsRequest, day: string): GuardrailCount[] {
  const key = { partnerId: view.partner, pageKey: view.page, variant: view.version, day };
  const rows: GuardrailCount[] = [{ ...key, metric: VIEWS, bucket: 0, count: 1 }];
  if (view.errors > 0) {
    rows.push({ ...key, metric: ERROR_VIEWS, bucket: 0, count: 1 });
    rows.push({ ...key, metric: ERRORS, bucket: 0, count: view.errors });
  }
  for (const metric of VITAL_METRICS) {
    const value = view[metric];
    if (value !== undefined)
      rows.push({ ...key, metric, bucket: bucketOf(metric, value), count: 1 });
  }
  return rows;
}

/** The flag rule's thresholds (documented in docs/guardrails.md). */
export const FLAG_THRESHOLDS = {
  /** Page views measuring a metric, in each of the two versions, before it is judged. */
  minSamples: 100,
  /** How much worse a variant's p75 must be than the control's: relatively... */
  minRatio: 1.1,
  /** ...and at least this much in the metric's own unit. */
  minWorse: { lcp: 100, inp: 20, cls: 0.02 } satisfies Record<VitalMetric, number>,
  /** Page views in each version before the error rates are compared. */
  minViews: 100,
  /** How many percentage points more page views with an error, at the least. */
  minErrorRise: 0.005,
  /** The one-sided two-proportion test's threshold. */
  maxErrorPValue: 0.01,
} as const;

export const FLAG_RULE =
  `A variant is flagged as slower on LCP, INP or CLS when both it and the control have at least ${FLAG_THRESHOLDS.minSamples} page views measuring it, ` +
  `its 75th percentile is at least ${Math.round((FLAG_THRESHOLDS.minRatio - 1) * 100)}% and at least ${FLAG_THRESHOLDS.minWorse.lcp} ms (LCP), ${FLAG_THRESHOLDS.minWorse.inp} ms (INP) or ${FLAG_THRESHOLDS.minWorse.cls} (CLS) worse than the control's, ` +
  `and the two 95% intervals of the 75th percentiles do not overlap. ` +
  `It is flagged for errors when both have at least ${FLAG_THRESHOLDS.minViews} page views, its share of page views with a script error is at least ${FLAG_THRESHOLDS.minErrorRise * 100} points higher, ` +
  `and a one-sided two-proportion test says so with p < ${FLAG_THRESHOLDS.maxErrorPValue}. ` +
  `The whole test's page views count, not one day's.`;

const METRIC_NAMES: Record<VitalMetric, string> = {
  lcp: 'largest paint (LCP)',
  inp: 'response to input (INP)',
  cls: 'layout shift (CLS)',
};

/** "1,210 ms" or "0.012": a metric's value as the report prints it. */
export { formatVital };

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

/** P(Z >= z) for a standard normal (Abramowitz and Stegun 7.1.26 for erfc, |error| < 1.5e-7). */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/**
 * One-sided p-value that the variant's share of page views with an error is higher than the
 * control's: the pooled two-proportion z-test (for example Agresti, Categorical Data Analysis,
 * 3rd ed., section 3.1.3). 1 when either has no page view or nobody erred.
 */
export function errorRiseP(
  variant: { errorViews: number; views: number },
  control: { errorViews: number; views: number },
): number {
  if (variant.views === 0 || control.views === 0) return 1;
  const pooled = (variant.errorViews + control.errorViews) / (variant.views + control.views);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / variant.views + 1 / control.views));
  if (se === 0) return 1;
  const z = (variant.errorViews / variant.views - control.errorViews / control.views) / se;
  return normalUpperTail(z);
}

type Histograms = Record<VitalMetric, Map<number, number>>;
interface Tally {
  views: number;
  errorViews: number;
  errors: number;
  histograms: Histograms;
}

const emptyTally = (): Tally => ({
  views: 0,
  errorViews: 0,
  errors: 0,
  histograms: { lcp: new Map(), inp: new Map(), cls: new Map() },
});

function add(tally: Tally, row: GuardrailCount): void {
  if (row.metric === VIEWS) tally.views += row.count;
  else if (row.metric === ERROR_VIEWS) tally.errorViews += row.count;
  else if (row.metric === ERRORS) tally.errors += row.count;
  else if ((VITAL_METRICS as readonly string[]).includes(row.metric)) {
    const histogram = tally.histograms[row.metric as VitalMetric];
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.count);
  }
}

function vitalsOf(tally: Tally): VersionVitals {
  const [lcp, inp, cls] = VITAL_METRICS.map((metric) =>
    percentile75(metric, tally.histograms[metric]),
  ) as [Percentile, Percentile, Percentile];
  return {
    views: tally.views,
    errorViews: tally.errorViews,
    errors: tally.errors,
    errorRate: tally.views > 0 ? tally.errorViews / tally.views : null,
    lcp,
    inp,
    cls,
  };
}

/** Whether and why `variant` is clearly worse than `control` (the rule in FLAG_RULE). */
export function guardrailFlags(
  variantId: string,
  variant: VersionVitals,
  control: VersionVitals,
): GuardrailFlag[] {
  const flags: GuardrailFlag[] = [];
  for (const metric of VITAL_METRICS) {
    const mine = variant[metric];
    const theirs = control[metric];
    if (
      mine.samples < FLAG_THRESHOLDS.minSamples ||
      theirs.samples < FLAG_THRESHOLDS.minSamples ||
      mine.p75 === null ||
      theirs.p75 === null ||
      !mine.interval ||
      !theirs.interval
    )
      continue;
    const worseEnough =
      mine.p75 >= theirs.p75 * FLAG_THRESHOLDS.minRatio &&
      mine.p75 - theirs.p75 >= FLAG_THRESHOLDS.minWorse[metric];
    if (!worseEnough || !(mine.interval.low > theirs.interval.high)) continue;
    const rise = theirs.p75 > 0 ? ` (+${Math.round((mine.p75 / theirs.p75 - 1) * 100)}%)` : '';
    flags.push({
      variant: variantId,
      kind: 'slower',
      metric,
      message:
        `${variantId} is slower: its ${METRIC_NAMES[metric]} at the 75th percentile is ${formatVital(metric, mine.p75)} against ${formatVital(metric, theirs.p75)} for the control${rise}, ` +
        `beyond chance (95% intervals ${formatVital(metric, mine.interval.low)} to ${formatVital(metric, mine.interval.high)}, and ${formatVital(metric, theirs.interval.low)} to ${formatVital(metric, theirs.interval.high)}; ${mine.samples} and ${theirs.samples} page views).`,
    });
  }
  if (
    variant.views >= FLAG_THRESHOLDS.minViews &&
    control.views >= FLAG_THRESHOLDS.minViews &&
    variant.errorRate !== null &&
    control.errorRate !== null &&
    variant.errorRate - control.errorRate >= FLAG_THRESHOLDS.minErrorRise
  ) {
    const p = errorRiseP(variant, control);
    if (p < FLAG_THRESHOLDS.maxErrorPValue) {
      flags.push({
        variant: variantId,
        kind: 'errors',
        message:
          `${variantId} has more script errors: ${percent(variant.errorRate)} of its page views (${variant.errorViews} of ${variant.views}) against ${percent(control.errorRate)} for the control (${control.errorViews} of ${control.views}), ` +
          `beyond chance (one-sided p = ${p < 0.0001 ? p.toExponential(1) : p.toFixed(4)}).`,
      });
    }
  }
  return flags;
}

/** A page's guardrails from its aggregates (the rows of one partner and page). */
export function pageGuardrails(rows: readonly GuardrailCount[]): PageGuardrails {
  const totals = new Map<string, Tally>();
  const days = new Map<string, Map<string, Tally>>();
  for (const row of rows) {
    const total = totals.get(row.variant) ?? emptyTally();
    totals.set(row.variant, total);
    add(total, row);
    const byDay = days.get(row.variant) ?? new Map<string, Tally>();
    days.set(row.variant, byDay);
    const day = byDay.get(row.day) ?? emptyTally();
    byDay.set(row.day, day);
    add(day, row);
  }
  const variants = [...totals.keys()].sort((a, b) =>
    a === CONTROL ? -1 : b === CONTROL ? 1 : a.localeCompare(b),
  );
  const versions = variants.map((variant): VersionGuardrails => ({
    variant,
    total: vitalsOf(totals.get(variant) ?? emptyTally()),
    days: [...(days.get(variant) ?? new Map<string, Tally>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, tally]) => ({ day, vitals: vitalsOf(tally) })),
  }));
  const control = versions.find((version) => version.variant === CONTROL);
  const flags = control
    ? versions
        .filter((version) => version.variant !== CONTROL)
        .flatMap((version) => guardrailFlags(version.variant, version.total, control.total))
    : [];
  return { versions, flags, rule: FLAG_RULE };
}

/** Adds each page's guardrails to a report's pages (every page gets one, empty without data). */
export function withGuardrails<Page extends { partnerId: string; pageKey: string }>(
  report: { pages: readonly Page[] },
  rows: readonly GuardrailCount[],
): (Page & { guardrails: PageGuardrails })[] {
  return report.pages.map((page) => ({
    ...page,
    guardrails: pageGuardrails(
      rows.filter((row) => row.partnerId === page.partnerId && row.pageKey === page.pageKey),
    ),
  }));
}

const versionName = (variant: string) => (variant === CONTROL ? 'control' : variant);

function vitalsCells(vitals: VersionVitals): string[] {
  return [
    vitals.views.toLocaleString('en-US'),
    ...VITAL_METRICS.map((metric) => formatVital(metric, vitals[metric].p75)),
    vitals.views > 0
      ? `${percent(vitals.errorRate)} (${vitals.errorViews} of ${vitals.views})`
      : '–',
  ];
}

function table(header: string[], rows: string[][], indent: string): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `${indent}${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
  return [line(header), ...rows.map(line)];
}

/** The guardrails section of `npm run report` (and GET /api/report?format=text). */
export function formatGuardrails(
  pages: readonly { partnerId: string; pageKey: string; guardrails: PageGuardrails }[],
): string {
  const lines = [
    'Guardrails from real visitors (75th percentiles; errors: page views with a script error)',
    '',
  ];
  const header = ['version', 'page views', 'LCP p75', 'INP p75', 'CLS p75', 'errors'];
  for (const page of pages) {
    lines.push(`${page.partnerId} / ${page.pageKey}`);
    const { versions, flags } = page.guardrails;
    if (versions.length === 0) {
      lines.push('  No page view measured yet.', '');
      continue;
    }
    lines.push(
      ...table(
        header,
        versions.map((version) => [versionName(version.variant), ...vitalsCells(version.total)]),
        '  ',
      ),
    );
    lines.push(
      ...(flags.length === 0
        ? ['  No variant is clearly slower or erroring more than the control.']
        : flags.map((flag) => `  FLAG: ${flag.message}`)),
    );
    lines.push('  day by day (UTC):');
    const dayRows = versions.flatMap((version) =>
      version.days.map((day) => [
        day.day,
        versionName(version.variant),
        ...vitalsCells(day.vitals),
      ]),
    );
    dayRows.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
    lines.push(...table(['day', ...header], dayRows, '    '), '');
  }
  lines.push(`How a flag is decided: ${FLAG_RULE}`);
  return lines.join('\n');
}
