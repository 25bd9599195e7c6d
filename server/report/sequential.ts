/**
 * Anytime-valid ("sequential") statistics for the funnel report: a 95% confidence sequence for a
 * variant's rate minus the control's, its anytime p-value, Holm's correction over the comparisons
 * of one page, and how many visitors a version needs before the interval is narrow enough to call
 * a difference of a given size. Pure, no I/O (tests/unit/report/sequential.test.ts).
 *
 * Why: partners open the report every day. A fixed 95% interval read daily, acting on the first
 * day it excludes zero, declares a false winner in about a quarter of A/A tests over 30 looks
 * (npm run report:simulate measures it). A confidence sequence covers the true difference at every
 * look at once with probability 95%, so looking daily costs nothing.
 *
 * The method: the asymptotic normal-mixture confidence sequence of Waudby-Smith, Arnold, Wu,
 * Howard and Ramdas, "Time-uniform central limit theory and asymptotic confidence sequences"
 * (2023, arXiv:2103.06476v7; the two-sided asymptotic confidence sequence with the normal-mixture
 * boundary):
 *
 *   C_t = μ̂_t ± σ̂_t · √( 2(tρ² + 1) / (t²ρ²) · log( √(tρ² + 1) / α ) )
 *
 * where t is the number of observations (here both arms' visitors, n₁ + n₀), σ̂_t² the estimated
 * variance of one observation of the difference (t times the squared standard error of μ̂), and ρ
 * the mixture's tuning parameter. GrowthBook's gbstats uses the same boundary for its sequential
 * testing, with ρ chosen so the sequence is tightest at t = N* (the paper's choice of ρ for a
 * target sample size):
 *
 *   ρ = √( (−2 log α + log(−2 log α + 1)) / N* )
 *
 * We take N* = 5,000 visitors (GrowthBook's default too): a few weeks of a small partner's page,
 * where most of our tests end. N* changes only where the interval is narrowest, never its
 * validity; tests/unit/report/sequential.test.ts reproduces two of gbstats' published results.
 */
import type { Interval, Proportion } from './stats.ts';

/** Visitors (both arms) at which the anytime interval is narrowest; see above. */
export const SEQUENTIAL_TUNING_VISITORS = 5000;
export const ALPHA = 0.05;

/** The mixture parameter ρ that makes the boundary tightest at `tuning` observations. */
export function sequentialRho(alpha: number, tuning: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}.`);
  if (!(tuning > 0)) throw new RangeError(`tuning must be positive, got ${tuning}.`);
  const l = -2 * Math.log(alpha);
  return Math.sqrt((l + Math.log(l + 1)) / tuning);
}

/**
 * Half the width of the confidence sequence at `n` observations for an estimate whose standard
 * error is `standardError` (so σ̂² = n · se²).
 */
export function sequentialHalfWidth(
  standardError: number,
  n: number,
  alpha = ALPHA,
  tuning = SEQUENTIAL_TUNING_VISITORS,
  /** The level ρ was tuned for (the report tunes it once, at 0.05, whatever α a test uses). */
  rhoAlpha = alpha,
): number {
  if (!(n > 0)) throw new RangeError(`n must be positive, got ${n}.`);
  const rho = sequentialRho(rhoAlpha, tuning);
  const r2n = n * rho * rho;
  const sigma = standardError * Math.sqrt(n);
  return sigma * Math.sqrt(((2 * (r2n + 1)) / (r2n * n)) * Math.log(Math.sqrt(r2n + 1) / alpha));
}

/**
 * The anytime p-value of "no difference": the smallest α whose sequence (at the same ρ) leaves out
 * zero, i.e. the reciprocal of the normal-mixture martingale, capped at 1 (gbstats computes the
 * same quantity, citing eq. 155 of arXiv:2103.06476v7). Valid under continuous monitoring: the chance it ever
 * falls below α when there is no difference is at most α (asymptotically).
 */
export function sequentialPValue(
  estimate: number,
  standardError: number,
  n: number,
  alpha = ALPHA,
  tuning = SEQUENTIAL_TUNING_VISITORS,
): number {
  if (!(standardError > 0) || !(n > 0)) return 1;
  const rho = sequentialRho(alpha, tuning);
  const r2n = n * rho * rho;
  const z2 = (estimate / standardError) ** 2;
  // 1 / (exp(ρ² n z² / (2 (nρ² + 1))) / √(nρ² + 1)), in logs so large z² cannot overflow.
  const logP = 0.5 * Math.log(r2n + 1) - (r2n * z2) / (2 * (r2n + 1));
  return Math.min(1, Math.exp(logP));
}

/**
 * The standard error used for a difference of two rates: each rate's Bernoulli variance taken at
 * (x + ½) / (n + 1), so a step nobody (or everybody) reached yet still has some uncertainty rather
 * than a zero-width interval (the Agresti–Caffo idea, applied to the variance only).
 */
export function differenceStandardError(variant: Proportion, control: Proportion): number {
  const v = (p: Proportion) => {
    const shrunk = (p.successes + 0.5) / (p.trials + 1);
    return (shrunk * (1 - shrunk)) / p.trials;
  };
  return Math.sqrt(v(variant) + v(control));
}

export interface AnytimeDifference {
  difference: number;
  interval: Interval;
  pValue: number;
}

/** The variant's rate minus the control's, with its anytime 95% interval and p-value. */
export function anytimeDifference(
  variant: Proportion,
  control: Proportion,
  alpha = ALPHA,
  tuning = SEQUENTIAL_TUNING_VISITORS,
): AnytimeDifference | undefined {
  if (variant.trials === 0 || control.trials === 0) return undefined;
  const difference = variant.successes / variant.trials - control.successes / control.trials;
  const se = differenceStandardError(variant, control);
  const n = variant.trials + control.trials;
  const half = sequentialHalfWidth(se, n, alpha, tuning);
  return {
    difference,
    interval: { low: Math.max(-1, difference - half), high: Math.min(1, difference + half) },
    pValue: sequentialPValue(difference, se, n, alpha, tuning),
  };
}

/**
 * One rate's anytime-valid interval: the same confidence sequence over its trials, with the
 * variance taken at the shrunk rate as for a difference, so 0 of 3 is not a zero-width interval.
 * The report by source gives it for each source's share of signups that paid or claimed.
 */
export function anytimeRate(
  rate: Proportion,
  alpha = ALPHA,
  tuning = SEQUENTIAL_TUNING_VISITORS,
): Interval | undefined {
  if (rate.trials === 0) return undefined;
  const estimate = rate.successes / rate.trials;
  const shrunk = (rate.successes + 0.5) / (rate.trials + 1);
  const half = sequentialHalfWidth(
    Math.sqrt((shrunk * (1 - shrunk)) / rate.trials),
    rate.trials,
    alpha,
    tuning,
  );
  return { low: Math.max(0, estimate - half), high: Math.min(1, estimate + half) };
}

/**
 * Holm's step-down adjustment (Holm 1979, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Statist. 6:65–70): sort the m p-values, multiply the i-th smallest by
 * m − i + 1, keep the running maximum, cap at 1. Rejecting where the adjusted value is below α
 * keeps the chance of any false "ahead" or "behind" on the page at most α, whatever the
 * dependence between the comparisons (a page's steps are nested, so they are strongly dependent).
 * Chosen over Benjamini–Hochberg because a partner acts on each single claim ("make this the
 * page"), which is what a family-wise guarantee protects; BH bounds only the expected share of
 * false claims.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m).fill(1);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/**
 * Visitors per version at which the anytime interval of a difference between two rates near
 * `rate` is ± `margin` wide: from then on an observed difference of `margin` is called. With
 * `comparisons` on the page, at level α / comparisons (what Holm asks of the strongest one; ρ stays
 * tuned at α, as the report's p-values are). Found by bisection (the half-width falls
 * monotonically with n past the first few visitors).
 */
export function visitorsPerVersionFor(
  rate: number,
  margin: number,
  comparisons = 1,
  tuning = SEQUENTIAL_TUNING_VISITORS,
): number {
  if (!(margin > 0)) throw new RangeError(`margin must be positive, got ${margin}.`);
  const p = Math.min(0.99, Math.max(0.01, rate));
  const alpha = ALPHA / Math.max(1, comparisons);
  const half = (perVersion: number) =>
    sequentialHalfWidth(
      Math.sqrt((2 * p * (1 - p)) / perVersion),
      2 * perVersion,
      alpha,
      tuning,
      ALPHA,
    );
  let low = 1;
  let high = 2;
  while (half(high) > margin) {
    low = high;
    high *= 2;
    if (high > 1e12) return Infinity;
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (half(mid) > margin) low = mid;
    else high = mid;
  }
  return high;
}
