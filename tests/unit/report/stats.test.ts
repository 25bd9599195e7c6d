import { describe, expect, it } from 'vitest';
import {
  chiSquareGoodnessOfFit,
  chiSquareUpperTail,
  rateDifference,
  sampleRatioMismatch,
  wilsonInterval,
} from '../../../server/report/stats.ts';

/** |actual / expected − 1| below the tolerance: tail probabilities span hundreds of decades. */
function expectRelative(actual: number, expected: number, tolerance = 1e-10): void {
  expect(Math.abs(actual / expected - 1)).toBeLessThan(tolerance);
}

/** The Wilson bounds by the closed formula, written out again independently of the module. */
function wilsonByFormula(successes: number, trials: number): [number, number] {
  const z = 1.959963984540054;
  const p = successes / trials;
  const centre = (2 * successes + z * z) / (2 * (trials + z * z));
  const half = (z * Math.sqrt(4 * trials * p * (1 - p) + z * z)) / (2 * (trials + z * z));
  return [centre - half, centre + half];
}

describe('wilsonInterval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('matches the published interval for %i/%i', (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval?.low).toBeCloseTo(low, 4);
    expect(interval?.high).toBeCloseTo(high, 4);
  });

  it('agrees with the closed formula and with high-precision values', () => {
    for (const [successes, trials] of [
      [81, 263],
      [15, 148],
      [1, 29],
      [3, 7],
      [999, 1000],
    ] as const) {
      const [low, high] = wilsonByFormula(successes, trials);
      const interval = wilsonInterval(successes, trials);
      expect(interval?.low).toBeCloseTo(low, 12);
      expect(interval?.high).toBeCloseTo(high, 12);
    }
    // mpmath at 40 digits, z = 1.959963984540054.
    expect(wilsonInterval(81, 263)?.low).toBeCloseTo(0.255288519878, 11);
    expect(wilsonInterval(81, 263)?.high).toBeCloseTo(0.366209576983, 11);
  });

  it('keeps exact 0 and 1 at the extremes, where Wald would give a zero-width interval', () => {
    expect(wilsonInterval(0, 20)?.low).toBe(0);
    expect(wilsonInterval(20, 20)).toEqual({ low: expect.closeTo(0.838874841947, 11), high: 1 });
  });

  it('widens with a larger z and is undefined without trials', () => {
    const wide = wilsonInterval(81, 263, 2.5758293035489);
    const narrow = wilsonInterval(81, 263);
    expect(wide!.low).toBeLessThan(narrow!.low);
    expect(wide!.high).toBeGreaterThan(narrow!.high);
    expect(wilsonInterval(0, 0)).toBeUndefined();
  });

  it('rejects counts that are not non-negative integers, or more successes than trials', () => {
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(1, Number.NaN)).toThrow(RangeError);
    expect(() => wilsonInterval(11, 10)).toThrow(/must not exceed trials/);
    expect(() => wilsonInterval(1, 10, 0)).toThrow(RangeError);
  });
});

describe('rateDifference', () => {
  // Newcombe (1998), "Interval estimation for the difference between independent proportions",
  // Table II, method 10 (hybrid score, no continuity correction), examples (a) to (f).
  it.each([
    [56, 70, 48, 80, 0.2, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.6, 0.1705, 0.809],
    [6, 7, 2, 7, 0.5714, 0.0582, 0.8062],
    [5, 56, 0, 29, 0.0893, -0.0381, 0.1926],
    [0, 10, 0, 20, 0, -0.1611, 0.2775],
    [10, 10, 0, 20, 1, 0.6791, 1],
  ])(
    'matches the published interval for %i/%i minus %i/%i',
    (s1, n1, s2, n2, difference, low, high) => {
      const result = rateDifference({ successes: s1, trials: n1 }, { successes: s2, trials: n2 });
      expect(result?.difference).toBeCloseTo(difference, 4);
      expect(result?.interval.low).toBeCloseTo(low, 4);
      expect(result?.interval.high).toBeCloseTo(high, 4);
    },
  );

  it('matches high-precision values and is antisymmetric', () => {
    const result = rateDifference({ successes: 56, trials: 70 }, { successes: 48, trials: 80 });
    expect(result?.interval.low).toBeCloseTo(0.0524314724024, 11);
    expect(result?.interval.high).toBeCloseTo(0.333872654037, 11);
    const swapped = rateDifference({ successes: 48, trials: 80 }, { successes: 56, trials: 70 });
    expect(swapped?.difference).toBeCloseTo(-0.2, 14);
    expect(swapped?.interval.low).toBeCloseTo(-0.333872654037, 11);
    expect(swapped?.interval.high).toBeCloseTo(-0.0524314724024, 11);
  });

  it('is undefined when either arm has no trials, and validates both arms', () => {
    expect(
      rateDifference({ successes: 0, trials: 0 }, { successes: 1, trials: 2 }),
    ).toBeUndefined();
    expect(
      rateDifference({ successes: 1, trials: 2 }, { successes: 0, trials: 0 }),
    ).toBeUndefined();
    expect(() => rateDifference({ successes: 3, trials: 2 }, { successes: 1, trials: 2 })).toThrow(
      RangeError,
    );
    expect(() => rateDifference({ successes: 1, trials: 2 }, { successes: -1, trials: 2 })).toThrow(
      RangeError,
    );
  });
});

describe('chiSquareUpperTail', () => {
  it.each([
    // Critical values of the chi-square distribution (quantiles to 16 digits).
    [3.841458820694124, 1, 0.05],
    [10.827566170662733, 1, 0.001],
    [13.815510557964274, 2, 0.001],
    [7.814727903251178, 3, 0.05],
    [23.20925115597295, 10, 0.01],
  ])('statistic %d with %i df has p %d', (statistic, df, p) => {
    expectRelative(chiSquareUpperTail(statistic, df), p, 1e-8);
  });

  // Reference values from mpmath (40 digits) of gammainc(k/2, x/2, inf, regularized=True).
  it.each([
    [14.4, 1, 1.478023103344542e-4],
    [0.001, 1, 0.9747728793699604],
    [0.5, 4, 0.9735009788392561],
    [5, 20, 0.9997226479053791],
    [3, 7, 0.8850022316431506],
    [50, 5, 1.3857973367009593e-9],
    [200, 101, 1.6864482065355983e-8],
    [300, 300, 0.4891417702506403],
    [1500, 1000, 1.0454640385979657e-22],
    [160, 1, 1.1314837902432984e-36],
    [1000, 1, 1.7958327848007262e-219],
    [1300, 3, 1.4717437106980104e-281],
    [1380, 1, 4.661158455673913e-302],
  ])('statistic %d with %i df to 1e-10 relative', (statistic, df, p) => {
    expectRelative(chiSquareUpperTail(statistic, df), p);
  });

  it('agrees with the closed form for even degrees of freedom, deep into the tail', () => {
    // Q(m, x) = e^−x Σ_{i<m} x^i / i!, summed in logs so e^−x cannot underflow early.
    for (const df of [2, 4, 10, 30]) {
      for (const statistic of [0.1, 1, 10, 100, 1000, 1300]) {
        const x = statistic / 2;
        let logTerm = -x;
        let largest = logTerm;
        const logTerms = [logTerm];
        for (let i = 1; i < df / 2; i++) {
          logTerm += Math.log(x / i);
          logTerms.push(logTerm);
          largest = Math.max(largest, logTerm);
        }
        const expected =
          Math.exp(largest) * logTerms.reduce((sum, t) => sum + Math.exp(t - largest), 0);
        expectRelative(chiSquareUpperTail(statistic, df), expected);
      }
    }
    expectRelative(chiSquareUpperTail(1380, 2), 2.171738281389827e-300);
  });

  it('is 1 at 0 and 0 at infinity, and rejects bad arguments', () => {
    expect(chiSquareUpperTail(0, 3)).toBe(1);
    expect(chiSquareUpperTail(Infinity, 3)).toBe(0);
    expect(() => chiSquareUpperTail(-1, 1)).toThrow(RangeError);
    expect(() => chiSquareUpperTail(1, 0)).toThrow(RangeError);
  });
});

describe('chiSquareGoodnessOfFit', () => {
  it('gives p 1 for an exact 50/50 split', () => {
    expect(chiSquareGoodnessOfFit([500, 500], [50, 50])).toEqual({
      statistic: 0,
      degreesOfFreedom: 1,
      pValue: 1,
    });
  });

  it('tests 560/440 against 50/50: statistic 14.4', () => {
    const result = chiSquareGoodnessOfFit([560, 440], [50, 50]);
    expect(result.statistic).toBeCloseTo(14.4, 10);
    expect(result.degreesOfFreedom).toBe(1);
    expect(result.pValue).toBeCloseTo(0.000147802, 9);
  });

  it('normalises the weights', () => {
    // Expected 250, 250, 500: statistic 0.8 on 2 df, p = e^−0.4.
    const result = chiSquareGoodnessOfFit([260, 240, 500], [1, 1, 2]);
    expect(result.statistic).toBeCloseTo(0.8, 12);
    expect(result.degreesOfFreedom).toBe(2);
    expectRelative(result.pValue, Math.exp(-0.4));
    expect(chiSquareGoodnessOfFit([260, 240, 500], [0.25, 0.25, 0.5])).toEqual(result);
  });

  it('ignores a zero-weight category with no observations', () => {
    const withEmpty = chiSquareGoodnessOfFit([560, 0, 440], [50, 0, 50]);
    const without = chiSquareGoodnessOfFit([560, 440], [50, 50]);
    expect(withEmpty).toEqual(without);
  });

  it('gives p 0 for observations in a zero-weight category', () => {
    const result = chiSquareGoodnessOfFit([500, 1, 500], [50, 0, 50]);
    expect(result.pValue).toBe(0);
    expect(result.statistic).toBe(Infinity);
  });

  it('rejects mismatched lengths, negative or fractional counts and bad weights', () => {
    expect(() => chiSquareGoodnessOfFit([1, 2], [1])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([], [])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([-1, 2], [1, 1])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([1.5, 2], [1, 1])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([1, 2], [-1, 1])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([1, 2], [0, 0])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([1, 2], [Number.NaN, 1])).toThrow(RangeError);
  });
});

describe('sampleRatioMismatch', () => {
  it('flags a deliberately skewed 700/300 split of a 50/50 test', () => {
    const result = sampleRatioMismatch([700, 300], [50, 50]);
    expectRelative(result.pValue, 1.1314837902432984e-36);
    expect(result.mismatch).toBe(true);
  });

  it('does not flag 515/485', () => {
    const result = sampleRatioMismatch([515, 485], [50, 50]);
    expectRelative(result.pValue, 0.3427817111479114);
    expect(result.mismatch).toBe(false);
  });

  it('uses the threshold given', () => {
    // 560/440: p ≈ 0.000148, a mismatch at 0.001 but not at 0.0001.
    expect(sampleRatioMismatch([560, 440], [1, 1]).mismatch).toBe(true);
    expect(sampleRatioMismatch([560, 440], [1, 1], 0.0001).mismatch).toBe(false);
    expect(() => sampleRatioMismatch([560, 440], [1, 1], 2)).toThrow(RangeError);
  });

  it('cannot mismatch with fewer than two arms or no traffic', () => {
    expect(sampleRatioMismatch([10], [1])).toEqual({ pValue: 1, mismatch: false });
    expect(sampleRatioMismatch([], [])).toEqual({ pValue: 1, mismatch: false });
    expect(sampleRatioMismatch([0, 0], [1, 1])).toEqual({ pValue: 1, mismatch: false });
  });

  it('flags traffic in an arm weighted 0, and rejects invalid counts', () => {
    expect(sampleRatioMismatch([500, 3], [1, 0])).toEqual({ pValue: 0, mismatch: true });
    expect(() => sampleRatioMismatch([-1, 2], [1, 1])).toThrow(RangeError);
    expect(() => sampleRatioMismatch([1, 2], [1])).toThrow(RangeError);
  });
});
