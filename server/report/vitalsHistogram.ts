import type { VitalMetric } from '../../src/services/generated/api.ts';

/**
 * The fixed histogram the guardrails store instead of visitors' values (server/report/
 * guardrails.ts): log-spaced buckets, 40 per decade, the same for every partner, day and instance,
 * so counts add up across all of them and a percentile can be read back with a known error.
 *
 * Bucket 0 holds values under the metric's floor (1 ms; a layout shift of 0.0001), read as 0.
 * Bucket i >= 1 holds [floor * R^(i-1), floor * R^i) with R = 10^(1/40), about 1.059, and is read
 * as its geometric middle, floor * R^(i - 1/2): within R^(1/2) - 1 (2.9%) of any value in it.
 * Six decades above the floor reach past the largest value the request schema accepts (600 s,
 * a shift of 100), so no value is clipped.
 */
export const BUCKETS_PER_DECADE = 40;
const RATIO = 10 ** (1 / BUCKETS_PER_DECADE);
export const LAST_BUCKET = 6 * BUCKETS_PER_DECADE;
/** The largest relative error of a value read back from its bucket (2.9%). */
export const BUCKET_RELATIVE_ERROR = Math.sqrt(RATIO) - 1;

const FLOOR: Record<VitalMetric, number> = { lcp: 1, inp: 1, cls: 0.0001 };

/** R^n, as a power of ten (exact at whole decades, where R^n would drift). */
const step = (n: number) => 10 ** (n / BUCKETS_PER_DECADE);

/** The bucket a measured value is counted in. */
export function bucketOf(metric: VitalMetric, value: number): number {
  const floor = FLOOR[metric];
  if (!(value >= floor)) return 0;
  const index = 1 + Math.floor(Math.log10(value / floor) * BUCKETS_PER_DECADE + 1e-9);
  return Math.min(LAST_BUCKET, index);
}

/** The values a bucket holds: [low, high). */
export function bucketEdges(metric: VitalMetric, bucket: number): { low: number; high: number } {
  const floor = FLOOR[metric];
  if (bucket <= 0) return { low: 0, high: floor };
  return { low: floor * step(bucket - 1), high: floor * step(bucket) };
}

/** The value a bucket is read as: 0 for bucket 0, else its geometric middle. */
export function bucketValue(metric: VitalMetric, bucket: number): number {
  return bucket <= 0 ? 0 : FLOOR[metric] * step(bucket - 0.5);
}

/** Counts per bucket (sparse). */
export type Histogram = ReadonlyMap<number, number>;

const Z95 = 1.959963984540054;

/** The bucket holding the value of 1-based `rank` in the sorted sample. */
function bucketAtRank(histogram: Histogram, rank: number): number {
  let seen = 0;
  const buckets = [...histogram.keys()].sort((a, b) => a - b);
  for (const bucket of buckets) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= rank) return bucket;
  }
  return buckets[buckets.length - 1] ?? 0;
}

export interface Percentile {
  samples: number;
  p75: number | null;
  interval: { low: number; high: number } | null;
}

/**
 * The 75th percentile (nearest rank: the ceil(0.75 n)-th smallest value) read from the histogram,
 * and its 95% distribution-free interval: the order statistics at ranks n p -/+ z sqrt(n p (1-p)),
 * the lower one rounded down and the upper one rounded up and moved one rank on (Conover,
 * Practical Nonparametric Statistics, 3rd ed., section 3.2, the large-sample approximation),
 * widened to the edges of their buckets so the bucketing never makes it narrower. No interval
 * when those ranks fall outside the sample (too few values).
 */
export function percentile75(metric: VitalMetric, histogram: Histogram): Percentile {
  const samples = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (samples === 0) return { samples, p75: null, interval: null };
  const p = 0.75;
  const p75 = bucketValue(metric, bucketAtRank(histogram, Math.ceil(p * samples)));
  const spread = Z95 * Math.sqrt(samples * p * (1 - p));
  const lowRank = Math.floor(samples * p - spread);
  const highRank = Math.ceil(samples * p + spread) + 1;
  const interval =
    lowRank >= 1 && highRank <= samples
      ? {
          low: bucketEdges(metric, bucketAtRank(histogram, lowRank)).low,
          high: bucketEdges(metric, bucketAtRank(histogram, highRank)).high,
        }
      : null;
  return { samples, p75, interval };
}
