import type {
  AnytimeComparison,
  FunnelReport,
  FunnelSteps,
  PageResult,
  SourceReport,
  SourceRow,
  TouchKind,
} from '../../../src/services/generated/api.ts';

/** The report's shape is the API contract (schemas/api/report.response.schema.json). */
export type { AnytimeComparison, FunnelReport, PageResult, SourceReport, SourceRow, TouchKind };
export type StepKey = keyof FunnelSteps;

/** The funnel's steps in order, as the Results view names them (every key of the server's steps). */
const stepLabels: Record<StepKey, string> = {
  signups: 'Signed up',
  checkouts: 'Opened checkout',
  completed: 'Paid or claimed',
  profiles: 'Created a profile',
};
export const reportSteps = (Object.keys(stepLabels) as StepKey[]).map((key) => ({
  key,
  label: stepLabels[key],
}));

/** What asking the site's API for the report came to. */
export type ReportAnswer =
  | {
      kind: 'ok';
      report: FunnelReport;
      /** The breakdown by source; an older site's report has none. */
      sources?: SourceReport;
    }
  /** Nothing answers: the API is not running (the studio's proxy says 502), or the network failed. */
  | { kind: 'down'; detail: string }
  /** The API answered, but not with a report (a token it asks for, a failure of its own). */
  | { kind: 'refused'; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Enough of the report's shape to draw it; another shape is said to be one, not drawn half. */
function isReport(value: unknown): value is FunnelReport {
  return (
    isObject(value) &&
    // An older site's report has no method (nor anytime intervals, nor the split's basis).
    isObject(value.method) &&
    Array.isArray(value.pages) &&
    value.pages.every(
      (page) =>
        isObject(page) &&
        typeof page.partnerId === 'string' &&
        typeof page.pageKey === 'string' &&
        Array.isArray(page.versions) &&
        isObject(page.split) &&
        page.versions.every(
          (version) =>
            isObject(version) &&
            typeof version.variant === 'string' &&
            typeof version.visitors === 'number' &&
            isObject(version.steps),
        ),
    )
  );
}

/** Enough of the report by source to draw it. */
function isSourceReport(value: unknown): value is SourceReport {
  return (
    isObject(value) &&
    (value.touch === 'first' || value.touch === 'last') &&
    Array.isArray(value.rows) &&
    value.rows.every(
      (row) =>
        isObject(row) &&
        typeof row.partnerId === 'string' &&
        typeof row.label === 'string' &&
        typeof row.signups === 'number' &&
        isObject(row.conversion),
    )
  );
}

/**
 * GET /api/report?partner=<id>, which the studio's own server answers (studio/server/
 * studioReport.ts: the site's API on 127.0.0.1 when it runs, else the site's database): the page
 * itself only ever asks its own origin.
 */
export async function fetchReport(
  partnerId: string,
  touch: TouchKind = 'last',
): Promise<ReportAnswer> {
  let response: Response;
  // The report by source credits the last touch unless asked for the first.
  const query = `partner=${encodeURIComponent(partnerId)}${touch === 'first' ? '&touch=first' : ''}`;
  try {
    response = await fetch(`/api/report?${query}`, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch (error) {
    return { kind: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return { kind: 'down', detail: `HTTP ${response.status}` };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = isObject(body) && typeof body.message === 'string' ? body.message : undefined;
    return {
      kind: 'refused',
      message: message ?? `The API answered ${response.status} instead of the report.`,
    };
  }
  if (!isReport(body)) {
    return {
      kind: 'refused',
      message:
        'The API answered, but not with a report the studio can read (is it an older or newer version of the site?).',
    };
  }
  const sources = isSourceReport(body.sources) ? body.sources : undefined;
  return { kind: 'ok', report: body, ...(sources ? { sources } : {}) };
}

/** "12.3%" (one decimal), or "–" when there is no rate (no visitors). */
export const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`;

/** "+2.1" or "−0.4" percentage points, with a true minus sign. */
export const points = (value: number) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}`;

/** What the day-by-day chart follows: each version's visitors, or the share who reached a step. */
export type DailyMetric = 'visitors' | StepKey;

export const dailyMetrics: { key: DailyMetric; label: string }[] = [
  { key: 'visitors', label: 'Visitors given the version' },
  ...reportSteps,
];

/** One version on one day: its visitors, how many reached the step, and the value charted. */
export interface DailyPoint {
  visitors: number;
  count: number;
  /** The visitors (for 'visitors'), or the step's share of them; null with no visitor. */
  value: number | null;
}

export interface DailySeries {
  /** Every UTC day any version took visitors, in order ("2026-05-04"). */
  days: string[];
  /** One per version, the control first, with a point per day (null: no visitors that day). */
  versions: { variant: string; points: (DailyPoint | null)[] }[];
}

/**
 * The report's per-day rows of a page as chart series: the days of every version in one order, so
 * each version has a point (or a gap) on each of them.
 */
export function dailySeries(page: PageResult, metric: DailyMetric): DailySeries {
  const days = [
    ...new Set(page.versions.flatMap((version) => version.days.map((row) => row.day))),
  ].sort();
  return {
    days,
    versions: page.versions.map((version) => ({
      variant: version.variant,
      points: days.map((day) => {
        const row = version.days.find((candidate) => candidate.day === day);
        if (!row) return null;
        if (metric === 'visitors')
          return { visitors: row.visitors, count: row.visitors, value: row.visitors };
        const step = row.steps[metric];
        return { visitors: row.visitors, count: step.count, value: step.rate };
      }),
    })),
  };
}

/** "May 4" (short, for the chart's axis) or "Mon, May 4, 2026" (the table's rows); UTC days. */
export function formatDay(day: string, long = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(
    'en-US',
    long
      ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  );
}
