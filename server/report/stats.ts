/**
 * Pure statistics for the A/B funnel report: conversion-rate intervals, the difference between a
 * variant and the control, and the sample-ratio-mismatch check. No I/O and no dependencies, so the
 * numbers can be checked against published tables (tests/unit/report/stats.test.ts).
 */

export interface Interval {
  low: number;
  high: number;
}

/** Conversions out of visitors for one arm of a test. */
export interface Proportion {
  successes: number;
  trials: number;
}

/** The 0.975 quantile of the standard normal: a two-sided 95% interval. */
const z95 = 1.959963984540054;

function assertCount(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}.`);
  }
}

function assertProportion(successes: number, trials: number): void {
  assertCount(successes, 'successes');
  assertCount(trials, 'trials');
  if (successes > trials) {
    throw new RangeError(`successes (${successes}) must not exceed trials (${trials}).`);
  }
}

/**
 * The Wilson score interval for a proportion (95% by default). Wilson rather than the textbook
 * Wald interval (p ± z·√(p(1−p)/n)): funnel steps often have small counts and rates near 0 or 1,
 * where Wald's coverage collapses and it gives zero-width or out-of-[0, 1] intervals (0/20 gives
 * [0, 0]); Wilson stays inside [0, 1] and keeps close to its nominal coverage. Undefined when
 * there are no trials: there is no rate to estimate.
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  z: number = z95,
): Interval | undefined {
  assertProportion(successes, trials);
  if (!Number.isFinite(z) || z <= 0) {
    throw new RangeError(`z must be a positive finite number, got ${z}.`);
  }
  if (trials === 0) return undefined;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const halfWidth = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials ** 2));
  // At 0 or all successes the bound is exactly 0 or 1; the formula leaves rounding noise there.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - halfWidth),
    high: successes === trials ? 1 : Math.min(1, centre + halfWidth),
  };
}

/**
 * The variant's rate minus the control's, with Newcombe's hybrid score interval (method 10 of
 * Newcombe 1998, "Interval estimation for the difference between independent proportions"). It
 * combines the two Wilson intervals, so it inherits their good behaviour at small counts and
 * extreme rates, where the Wald difference interval overshoots [−1, 1] or collapses to a point.
 * Undefined when either arm has no trials.
 */
export function rateDifference(
  variant: Proportion,
  control: Proportion,
): { difference: number; interval: Interval } | undefined {
  const v = wilsonInterval(variant.successes, variant.trials);
  const c = wilsonInterval(control.successes, control.trials);
  if (v === undefined || c === undefined) return undefined;
  const p1 = variant.successes / variant.trials;
  const p2 = control.successes / control.trials;
  const difference = p1 - p2;
  return {
    difference,
    interval: {
      low: difference - Math.hypot(p1 - v.low, c.high - p2),
      high: difference + Math.hypot(v.high - p1, p2 - c.low),
    },
  };
}

/**
 * Pearson's chi-square goodness-of-fit test of observed counts against expected shares (weights,
 * normalised here). A category with weight 0 is left out when nothing was observed in it; a count
 * in a category that should get none is an outright mismatch (statistic Infinity, p-value 0).
 */
export function chiSquareGoodnessOfFit(
  observed: number[],
  expectedShares: number[],
): { statistic: number; degreesOfFreedom: number; pValue: number } {
  if (observed.length !== expectedShares.length) {
    throw new RangeError(
      `observed has ${observed.length} categories but expectedShares has ${expectedShares.length}.`,
    );
  }
  if (observed.length === 0) throw new RangeError('At least one category is needed.');
  observed.forEach((count, i) => assertCount(count, `observed[${i}]`));
  expectedShares.forEach((share, i) => {
    if (!Number.isFinite(share) || share < 0) {
      throw new RangeError(
        `expectedShares[${i}] must be a non-negative finite number, got ${share}.`,
      );
    }
  });
  const shareTotal = expectedShares.reduce((sum, share) => sum + share, 0);
  if (!(shareTotal > 0)) throw new RangeError('expectedShares must have a positive total.');

  const total = observed.reduce((sum, count) => sum + count, 0);
  let statistic = 0;
  let categories = 0;
  for (let i = 0; i < observed.length; i++) {
    const count = observed[i] ?? 0;
    const share = (expectedShares[i] ?? 0) / shareTotal;
    if (share === 0) {
      if (count > 0) statistic = Infinity;
      continue;
    }
    categories++;
    // No observations at all: nothing to contradict the shares (and every expected count is 0).
    if (total === 0) continue;
    const expected = total * share;
    statistic += (count - expected) ** 2 / expected;
  }
  const degreesOfFreedom = categories - 1;
  let pValue: number;
  if (statistic === Infinity) pValue = 0;
  else if (degreesOfFreedom === 0)
    pValue = 1; // one category: the counts cannot disagree
  else pValue = chiSquareUpperTail(statistic, degreesOfFreedom);
  return { statistic, degreesOfFreedom, pValue };
}

/**
 * The sample-ratio-mismatch check: did the traffic split match the configured weights? A very
 * small p-value means the assignment or the logging is broken and the test's numbers cannot be
 * trusted; the conventional threshold is strict (0.001) because the check runs on every report
 * and a false alarm discards a good test. Fewer than two arms, or no traffic yet, cannot mismatch.
 */
export function sampleRatioMismatch(
  observed: number[],
  weights: number[],
  threshold = 0.001,
): { pValue: number; mismatch: boolean } {
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw new RangeError(`threshold must be between 0 and 1, got ${threshold}.`);
  }
  if (observed.length < 2 || observed.every((count) => count === 0)) {
    // Still reject malformed input rather than passing it off as "no mismatch".
    if (observed.length !== weights.length) {
      throw new RangeError(
        `observed has ${observed.length} categories but weights has ${weights.length}.`,
      );
    }
    observed.forEach((count, i) => assertCount(count, `observed[${i}]`));
    return { pValue: 1, mismatch: false };
  }
  const { pValue } = chiSquareGoodnessOfFit(observed, weights);
  return { pValue, mismatch: pValue < threshold };
}

/** P(X ≥ statistic) for X chi-square with the given degrees of freedom. */
export function chiSquareUpperTail(statistic: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0) || !Number.isFinite(degreesOfFreedom)) {
    throw new RangeError(`degreesOfFreedom must be positive, got ${degreesOfFreedom}.`);
  }
  if (Number.isNaN(statistic) || statistic < 0) {
    throw new RangeError(`statistic must be non-negative, got ${statistic}.`);
  }
  return regularizedGammaQ(degreesOfFreedom / 2, statistic / 2);
}

/**
 * Series and continued fraction stop once a step changes the result by about one rounding unit
 * (two ulps: a Lentz factor can settle at 1 + 2^−52 rather than exactly 1).
 */
const epsilon = 2 * Number.EPSILON;
/** Stand-in for 0 in Lentz's method, so no step divides by zero. */
const tiny = 1e-300;
/** Both expansions converge in O(√a) terms; this is far beyond any chi-square we compute. */
const maxIterations = 100_000;

/**
 * The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a) (Numerical Recipes
 * §6.2). Below x = a + 1 the power series for P converges fast and Q = 1 − P loses nothing, since
 * Q is not small there; above it the continued fraction gives Q directly, so tiny tail
 * probabilities (down to about 1e-300) keep their relative accuracy instead of vanishing in 1 − P.
 */
function regularizedGammaQ(a: number, x: number): number {
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  // x^a e^−x / Γ(a), in logs: each factor alone over- or underflows long before the product does.
  const logPrefactor = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n <= maxIterations; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * epsilon) return 1 - sum * Math.exp(logPrefactor);
    }
  } else {
    // Modified Lentz evaluation of the continued fraction for Γ(a, x) e^x x^−a.
    let b = x + 1 - a;
    let c = 1 / tiny;
    let d = 1 / b;
    let fraction = d;
    for (let n = 1; n <= maxIterations; n++) {
      const an = -n * (n - a);
      b += 2;
      d = an * d + b;
      if (Math.abs(d) < tiny) d = tiny;
      c = b + an / c;
      if (Math.abs(c) < tiny) c = tiny;
      d = 1 / d;
      const delta = d * c;
      fraction *= delta;
      if (Math.abs(delta - 1) < epsilon) return Math.exp(logPrefactor) * fraction;
    }
  }
  throw new Error(`Incomplete gamma Q(${a}, ${x}) did not converge.`);
}

/**
 * Lanczos coefficients for g = 7, n = 9 (Godfrey): about 1e-15 relative accuracy, which the tail
 * probabilities need, since an error in log Γ becomes the same relative error in Q.
 */
const lanczosG = 7;
const lanczosCoefficients = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** log Γ(x) for x > 0 (here x = k/2 ≥ 0.5), by the Lanczos approximation. */
function logGamma(x: number): number {
  if (x < 0.5) {
    // Reflection: Γ(x) Γ(1 − x) = π / sin(πx).
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  const y = x - 1;
  let series = lanczosCoefficients[0] ?? 1;
  for (let i = 1; i < lanczosCoefficients.length; i++) {
    series += (lanczosCoefficients[i] ?? 0) / (y + i);
  }
  const t = y + lanczosG + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(series);
}
