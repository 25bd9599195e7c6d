import { describe, expect, it } from 'vitest';
import {
  errorRiseP,
  FLAG_RULE,
  normalUpperTail,
  pageGuardrails,
  pageViewCounts,
} from '../../../server/report/guardrails.ts';
import {
  BUCKET_RELATIVE_ERROR,
  bucketEdges,
  bucketOf,
  bucketValue,
  percentile75,
} from '../../../server/report/vitalsHistogram.ts';
import type { GuardrailCount } from '../../../server/storage/repository.ts';
import type { VitalsRequest } from '../../../src/services/generated/api.ts';

/*
 * Issue 28, item 4: the guardrails' histogram (a percentile read back with a known error) and the
 * flag rule (server/report/guardrails.ts): a variant clearly slower or erroring more than the
 * control is flagged, and a same-as-control, too-small or too-slight difference is not.
 */

/** A seeded generator (mulberry32), so every run draws the same page views. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Log-normal LCPs around `median` ms (a page's paint times are skewed like this). */
function lcps(count: number, median: number, seed: number): number[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    return median * Math.exp(0.4 * normal);
  });
}

/** The aggregates of page views of one version: LCP values, and how many of them had an error. */
function views(variant: string, values: number[], erred = 0): GuardrailCount[] {
  const rows = values.flatMap((lcp, n) =>
    pageViewCounts(
      { partner: 'acme', page: 'landing', version: variant, lcp, errors: n < erred ? 1 : 0 },
      '2026-11-20',
    ),
  );
  return rows;
}

/** The exact nearest-rank 75th percentile. */
const exactP75 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1] ?? Number.NaN;

describe('the histogram', () => {
  it('reads every value back within 2.9% (its bucket’s geometric middle)', () => {
    expect(BUCKET_RELATIVE_ERROR).toBeCloseTo(0.0292, 4);
    for (const value of [1, 1.5, 37, 999.9, 1000, 2500, 12_345, 600_000]) {
      const read = bucketValue('lcp', bucketOf('lcp', value));
      expect(Math.abs(read / value - 1)).toBeLessThanOrEqual(BUCKET_RELATIVE_ERROR + 1e-12);
      const { low, high } = bucketEdges('lcp', bucketOf('lcp', value));
      expect(value >= low && value < high).toBe(true);
    }
    // No layout shift at all is its own bucket, read as 0.
    expect(bucketOf('cls', 0)).toBe(0);
    expect(bucketValue('cls', 0)).toBe(0);
    const shift = bucketValue('cls', bucketOf('cls', 0.25));
    expect(Math.abs(shift / 0.25 - 1)).toBeLessThanOrEqual(BUCKET_RELATIVE_ERROR);
  });

  it('gives the 75th percentile within 3%, and an interval that holds it', () => {
    const values = lcps(2000, 1800, 7);
    const histogram = new Map<number, number>();
    for (const value of values) {
      const bucket = bucketOf('lcp', value);
      histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
    }
    const { samples, p75, interval } = percentile75('lcp', histogram);
    const exact = exactP75(values);
    expect(samples).toBe(2000);
    expect(Math.abs((p75 ?? 0) / exact - 1)).toBeLessThanOrEqual(BUCKET_RELATIVE_ERROR);
    expect(interval && interval.low < exact && exact < interval.high).toBe(true);
    // Too few values for an interval: none rather than a made-up one.
    expect(percentile75('lcp', new Map([[120, 3]])).interval).toBeNull();
    expect(percentile75('lcp', new Map())).toEqual({ samples: 0, p75: null, interval: null });
  });
});

describe('the flag rule', () => {
  const flagsOf = (rows: GuardrailCount[]) => pageGuardrails(rows).flags;

  it('flags a variant whose LCP is clearly slower, and says so with the numbers', () => {
    const flags = flagsOf([
      ...views('control', lcps(400, 1500, 1)),
      ...views('big-video', lcps(400, 2000, 2)),
    ]);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ variant: 'big-video', kind: 'slower', metric: 'lcp' });
    expect(flags[0]?.message).toMatch(
      /^big-video is slower: its largest paint \(LCP\) at the 75th percentile is [\d,]+ ms against [\d,]+ ms for the control \(\+\d+%\)/,
    );
  });

  it('does not flag the same page, too few page views, or a slight difference', () => {
    // An A/A test: both draw from the same distribution.
    expect(
      flagsOf([...views('control', lcps(3000, 1500, 3)), ...views('same', lcps(3000, 1500, 4))]),
    ).toEqual([]);
    // Clearly slower, but only 60 page views each.
    expect(
      flagsOf([...views('control', lcps(60, 1500, 5)), ...views('early', lcps(60, 2200, 6))]),
    ).toEqual([]);
    // 5% slower on many page views: real, perhaps, but under the 10% margin.
    expect(
      flagsOf([
        ...views('control', lcps(20_000, 1500, 8)),
        ...views('slight', lcps(20_000, 1575, 9)),
      ]),
    ).toEqual([]);
    // Faster is never a flag.
    expect(
      flagsOf([...views('control', lcps(400, 2000, 10)), ...views('lean', lcps(400, 1400, 11))]),
    ).toEqual([]);
  });

  it('flags more script errors by a one-sided two-proportion test, not a chance rise', () => {
    const flat = (count: number) => Array<number>(count).fill(1200);
    const errors = flagsOf([
      ...views('control', flat(1000), 20),
      ...views('broken', flat(1000), 60),
    ]);
    expect(errors).toEqual([expect.objectContaining({ variant: 'broken', kind: 'errors' })]);
    expect(errors[0]?.message).toMatch(
      /^broken has more script errors: 6\.0% of its page views \(60 of 1000\) against 2\.0% for the control \(20 of 1000\)/,
    );
    // 2% against 3% on 200 page views each could be chance.
    expect(flagsOf([...views('control', flat(200), 4), ...views('maybe', flat(200), 6)])).toEqual(
      [],
    );
  });

  it("computes the test's p-value as the textbook pooled z-test does", () => {
    // 30 of 500 against 15 of 500: z = 2.288, one-sided p = 0.01106 (prop.test without continuity
    // correction, alternative "greater").
    expect(errorRiseP({ errorViews: 30, views: 500 }, { errorViews: 15, views: 500 })).toBeCloseTo(
      0.011065,
      5,
    );
    expect(normalUpperTail(1.959963984540054)).toBeCloseTo(0.025, 6);
    expect(normalUpperTail(-1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(errorRiseP({ errorViews: 0, views: 0 }, { errorViews: 1, views: 10 })).toBe(1);
  });

  it('keeps a page view as counts only, and says the rule in words', () => {
    const view: VitalsRequest = {
      partner: 'acme',
      page: 'landing',
      version: 'control',
      lcp: 1000,
      cls: 0.05,
      errors: 3,
    };
    const rows = pageViewCounts(view, '2026-11-20');
    expect(rows.map((row) => [row.metric, row.count])).toEqual([
      ['views', 1],
      ['error_views', 1],
      ['errors', 3],
      ['lcp', 1],
      ['cls', 1],
    ]);
    expect(FLAG_RULE).toMatch(/at least 100 page views/);
    expect(FLAG_RULE).toMatch(/p < 0\.01/);
  });
});
