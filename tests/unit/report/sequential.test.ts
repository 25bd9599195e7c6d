import { describe, expect, it } from 'vitest';
import {
  anytimeDifference,
  holmAdjust,
  sequentialHalfWidth,
  sequentialPValue,
  sequentialRho,
  visitorsPerVersionFor,
} from '../../../server/report/sequential.ts';
import { rateDifference } from '../../../server/report/stats.ts';

describe('the anytime (confidence-sequence) interval', () => {
  /*
   * GrowthBook's gbstats, packages/stats/tests/frequentist/test_tests.py, class
   * TestSequentialTTest, gives the same normal-mixture boundary's results for two published
   * cases (relative lift, its standard error from their delta method, α = 0.05):
   * - test_sequential_test_runs: n = 3000 + 3461, tuning 1000, lift 0.50336 with standard
   *   error 0.33341 → interval (−0.55844, 1.56516);
   * - test_sequential_test_runs_prop: 1396/3000 against 2422/3461, default tuning 5000, lift
   *   0.50386 with standard error 0.03386 → interval (0.40098, 0.60675).
   * Our half-width, from the same estimate and standard error, gives the same bounds.
   */
  it("reproduces gbstats' published sequential intervals", () => {
    const half = sequentialHalfWidth(0.33341, 6461, 0.05, 1000);
    expect(0.50336 - half).toBeCloseTo(-0.55844, 4);
    expect(0.50336 + half).toBeCloseTo(1.56516, 4);

    // Their proportion case, with the relative lift's delta-method standard error written out.
    const pa = 1396 / 3000;
    const pb = 2422 / 3461;
    const lift = (pb - pa) / pa;
    const se = Math.sqrt(
      (pb * (1 - pb)) / (pa ** 2 * 3461) + (pa * (1 - pa) * pb ** 2) / (pa ** 4 * 3000),
    );
    expect(lift).toBeCloseTo(0.50386, 5);
    expect(se).toBeCloseTo(0.03386, 5);
    const halfProp = sequentialHalfWidth(se, 6461, 0.05, 5000);
    expect(lift - halfProp).toBeCloseTo(0.40098, 5);
    expect(lift + halfProp).toBeCloseTo(0.60675, 5);
  });

  it('tunes ρ to be tightest near the tuning size, as the paper chooses it', () => {
    // At n = tuning the half-width is smaller than with a tuning far below or above n.
    const at = (tuning: number) => sequentialHalfWidth(0.01, 6461, 0.05, tuning);
    expect(at(6461)).toBeLessThan(at(10));
    expect(at(6461)).toBeLessThan(at(100_000));
    // ρ² = (−2 ln α + ln(−2 ln α + 1)) / N*.
    expect(sequentialRho(0.05, 5000) ** 2).toBeCloseTo(
      (-2 * Math.log(0.05) + Math.log(-2 * Math.log(0.05) + 1)) / 5000,
      15,
    );
  });

  it('is wider than the fixed interval, and its p-value agrees with it at 0.05', () => {
    const variant = { successes: 330, trials: 3000 };
    const control = { successes: 270, trials: 3000 };
    const anytime = anytimeDifference(variant, control);
    const fixed = rateDifference(variant, control);
    expect(anytime?.difference).toBeCloseTo(0.02, 12);
    expect((anytime?.interval.high ?? 0) - (anytime?.interval.low ?? 0)).toBeGreaterThan(
      (fixed?.interval.high ?? 0) - (fixed?.interval.low ?? 0),
    );
    // The interval leaves out zero exactly when the anytime p-value is below 0.05.
    for (const successes of [280, 300, 320, 340, 360, 380]) {
      const result = anytimeDifference({ successes, trials: 3000 }, control);
      expect(result?.interval.low !== undefined && result.interval.low > 0).toBe(
        (result?.pValue ?? 1) < 0.05,
      );
    }
    expect(sequentialPValue(0, 0.01, 1000)).toBe(1);
    expect(anytimeDifference({ successes: 0, trials: 0 }, control)).toBeUndefined();
  });

  it('keeps some width when no one (or everyone) reached a step yet', () => {
    const none = anytimeDifference({ successes: 0, trials: 50 }, { successes: 0, trials: 50 });
    expect(none?.difference).toBe(0);
    expect(none?.interval.high).toBeGreaterThan(0.01);
    expect(none?.pValue).toBe(1);
  });
});

describe("Holm's correction", () => {
  it('multiplies the i-th smallest of m p-values by m − i + 1, keeping the order, capped at 1', () => {
    expect(holmAdjust([0.01, 0.04, 0.03, 0.2])).toEqual([0.04, 0.09, 0.09, 0.2]);
    expect(holmAdjust([0.5, 0.6])).toEqual([1, 1]);
    expect(holmAdjust([])).toEqual([]);
  });
});

describe('visitors needed for a 2-point difference', () => {
  it('is where the anytime half-width at that rate falls to the margin', () => {
    const n = visitorsPerVersionFor(0.1, 0.02);
    const half = (perVersion: number) =>
      sequentialHalfWidth(Math.sqrt((2 * 0.1 * 0.9) / perVersion), 2 * perVersion);
    expect(half(n)).toBeLessThanOrEqual(0.02);
    expect(half(n - 1)).toBeGreaterThan(0.02);
    // Rarer steps and smaller differences need more visitors.
    expect(visitorsPerVersionFor(0.1, 0.01)).toBeGreaterThan(n);
  });
});
