/**
 * The sample-ratio-mismatch check when the weights changed during a test. Each visitor is recorded
 * with the versions and weights live when they were assigned (a "weight set", server/experiments/
 * weightsKey.ts); the visitors of one weight set are a multinomial sample with that set's shares,
 * so the expected count of a version is Σ over sets of (visitors under the set × its share), and an
 * ended, scheduled or reweighted variant is expected exactly as often as it was live.
 *
 * The test: with one weight set, Pearson's chi-square (stats.ts), which is the exact large-sample
 * test there. With several, the pooled counts are a sum of independent multinomials, not one
 * multinomial, so Pearson's statistic on the pooled counts is no longer chi-square distributed (it
 * is too small: a conservative test that misses real imbalances). We use the Wald statistic of the
 * pooled counts instead,
 *
 *   W = (X − μ)ᵀ Σ⁻ (X − μ),  μ = Σ_s n_s p_s,  Σ = Σ_s n_s (diag p_s − p_s p_sᵀ),
 *
 * which is asymptotically chi-square with rank(Σ) degrees of freedom (Moore 1977, "Generalized
 * inverses, Wald's method, and the construction of chi-squared tests of fit", JASA 72:131–137).
 * With a single set it is Pearson's statistic exactly, which the unit tests check. Pooling (rather
 * than adding a chi-square per set) keeps all the power on what a real bug does: one version's
 * visits dropped or doubled throughout.
 */
import { chiSquareGoodnessOfFit, chiSquareUpperTail } from './stats.ts';

export interface WeightSetCounts {
  /** The set's weights by version (live versions only; normalised here). */
  weights: Record<string, number>;
  /** Visitors recorded under the set, by version. */
  counts: Record<string, number>;
}

export interface SplitTest {
  pValue: number;
  statistic: number;
  degreesOfFreedom: number;
  /** Expected visitors of each version under the recorded sets. */
  expected: Record<string, number>;
  /** Pearson's chi-square (one set) or the Wald test of pooled multinomials (several). */
  test: 'pearson' | 'wald';
  /** A version counted under a set where it had no weight: impossible without a bug. */
  impossible: boolean;
}

const total = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);

function shares(weights: Record<string, number>): Map<string, number> {
  const positive = Object.entries(weights).filter(([, weight]) => weight > 0);
  const sum = total(positive.map(([, weight]) => weight));
  return new Map(positive.map(([version, weight]) => [version, weight / sum]));
}

export function splitTest(sets: readonly WeightSetCounts[]): SplitTest {
  const normalised = sets
    .map((set) => ({ shares: shares(set.weights), counts: set.counts }))
    .filter((set) => total(Object.values(set.counts)) > 0);
  const versions = [
    ...new Set(normalised.flatMap((set) => [...set.shares.keys(), ...Object.keys(set.counts)])),
  ].sort();
  const expected: Record<string, number> = Object.fromEntries(versions.map((v) => [v, 0]));
  const observed: Record<string, number> = Object.fromEntries(versions.map((v) => [v, 0]));
  let impossible = false;
  for (const set of normalised) {
    const n = total(Object.values(set.counts));
    for (const [version, share] of set.shares) {
      expected[version] = (expected[version] ?? 0) + n * share;
    }
    for (const [version, count] of Object.entries(set.counts)) {
      observed[version] = (observed[version] ?? 0) + count;
      if (count > 0 && !set.shares.has(version)) impossible = true;
    }
  }
  const base = { expected, impossible };
  if (impossible)
    return { ...base, pValue: 0, statistic: Infinity, degreesOfFreedom: 0, test: 'wald' };
  if (normalised.length <= 1) {
    const only = normalised[0];
    const live = only ? [...only.shares.keys()] : [];
    if (!only || live.length < 2) {
      return { ...base, pValue: 1, statistic: 0, degreesOfFreedom: 0, test: 'pearson' };
    }
    const result = chiSquareGoodnessOfFit(
      live.map((version) => only.counts[version] ?? 0),
      live.map((version) => only.shares.get(version) ?? 0),
    );
    return { ...base, ...result, test: 'pearson' };
  }
  // Wald: the deviation and covariance of all versions but the last (the counts sum to the total
  // visitors, which is fixed, so the full covariance is singular in that direction).
  const kept = versions.slice(0, -1);
  const deviation = kept.map((version) => (observed[version] ?? 0) - (expected[version] ?? 0));
  const covariance = kept.map(() => kept.map(() => 0));
  for (const set of normalised) {
    const n = total(Object.values(set.counts));
    kept.forEach((a, i) => {
      const pa = set.shares.get(a) ?? 0;
      kept.forEach((b, j) => {
        const pb = set.shares.get(b) ?? 0;
        const row = covariance[i] as number[];
        row[j] = (row[j] ?? 0) + n * ((i === j ? pa : 0) - pa * pb);
      });
    });
  }
  const { statistic, rank } = quadraticForm(covariance, deviation);
  const pValue = statistic === Infinity ? 0 : rank === 0 ? 1 : chiSquareUpperTail(statistic, rank);
  return { ...base, pValue, statistic, degreesOfFreedom: rank, test: 'wald' };
}

/**
 * xᵀ A⁻ x for a symmetric positive semi-definite A, by an LDLᵀ factorisation that skips zero
 * pivots (a generalised inverse): a direction with no variance adds nothing when x has no
 * component in it, and makes the statistic infinite when it has. Returns the rank too.
 */
function quadraticForm(a: number[][], x: number[]): { statistic: number; rank: number } {
  const k = x.length;
  const l = a.map((row) => row.map(() => 0));
  const d = new Array<number>(k).fill(0);
  const scale = Math.max(1, ...a.map((row, i) => Math.abs(row[i] ?? 0)));
  for (let j = 0; j < k; j++) {
    let dj = a[j]?.[j] ?? 0;
    for (let m = 0; m < j; m++) dj -= (l[j]?.[m] ?? 0) ** 2 * (d[m] ?? 0);
    d[j] = dj > 1e-10 * scale ? dj : 0;
    (l[j] as number[])[j] = 1;
    for (let i = j + 1; i < k; i++) {
      let value = a[i]?.[j] ?? 0;
      for (let m = 0; m < j; m++) value -= (l[i]?.[m] ?? 0) * (l[j]?.[m] ?? 0) * (d[m] ?? 0);
      (l[i] as number[])[j] = d[j] ? value / (d[j] ?? 1) : 0;
    }
  }
  // Solve L y = x; then Σ y_j² / d_j over the non-zero pivots.
  const y = new Array<number>(k).fill(0);
  let statistic = 0;
  let rank = 0;
  for (let i = 0; i < k; i++) {
    let value = x[i] ?? 0;
    for (let m = 0; m < i; m++) value -= (l[i]?.[m] ?? 0) * (y[m] ?? 0);
    y[i] = value;
    const di = d[i] ?? 0;
    if (di > 0) {
      statistic += (value * value) / di;
      rank++;
    } else if (Math.abs(value) > 1e-6) {
      statistic = Infinity;
    }
  }
  return { statistic, rank };
}
