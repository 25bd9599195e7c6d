import { anytimeDifference } from './sequential.ts';
import { rateDifference, type Interval } from './stats.ts';

/**
 * The proof that the report's anytime intervals stay honest when a partner looks every day, and
 * what they cost: simulated tests with a look every day, judged the way a partner would (a winner
 * the first day the interval leaves out zero), once with the fixed 95% interval and once with the
 * anytime one. A/A tests (no true difference) give the false-positive rate; A/B tests with a known
 * difference give the power. Seeded, so one seed gives one table on every machine
 * (npm run report:simulate; the table is in docs/experiments-report.md).
 */
export interface SimulationOptions {
  seed: number;
  /** Simulated tests of each kind (A/A and A/B). */
  tests: number;
  days: number;
  /** Each version's visitors per day: uniform between these two (inclusive). */
  dailyVisitors: readonly [number, number];
  /** The control's rate (and both versions' in an A/A test). */
  baseRate: number;
  /** The variant's true difference in an A/B test (0.02 = +2 points). */
  difference: number;
}

export const DEFAULT_SIMULATION: SimulationOptions = {
  seed: 20261126,
  tests: 2000,
  days: 30,
  dailyVisitors: [100, 200],
  baseRate: 0.1,
  difference: 0.02,
};

/** Shares of the simulated tests in which the interval left out zero. */
export interface Rates {
  /** On any of the daily looks (what a partner who checks every day would act on). */
  anyLook: number;
  /** At the last look only (one look decided in advance). */
  lastLook: number;
}

export interface SimulationResult {
  options: SimulationOptions;
  /** A/A: a "winner" or "loser" declared although there is no difference. */
  falsePositives: { fixed: Rates; anytime: Rates };
  /** A/B: the variant declared ahead (the interval wholly above zero). */
  power: { fixed: Rates; anytime: Rates };
}

/** sfc32 (Chris Doty-Humphrey's small fast counting generator, public domain): seeded, 32-bit. */
function generator(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next(); // mix the seed in
  return next;
}

function binomial(random: () => number, trials: number, rate: number): number {
  let successes = 0;
  for (let i = 0; i < trials; i++) if (random() < rate) successes++;
  return successes;
}

type Judge = (variant: { successes: number; trials: number }, control: typeof variant) => Interval;

const fixedInterval: Judge = (variant, control) =>
  rateDifference(variant, control)?.interval ?? { low: -1, high: 1 };
const anytimeInterval: Judge = (variant, control) =>
  anytimeDifference(variant, control)?.interval ?? { low: -1, high: 1 };

/** One simulated test, looked at every day: whether each interval called it on any day, and at the end. */
function runTest(
  random: () => number,
  options: SimulationOptions,
  variantRate: number,
  called: (interval: Interval) => boolean,
): { fixed: [boolean, boolean]; anytime: [boolean, boolean] } {
  const [fewest, most] = options.dailyVisitors;
  const control = { successes: 0, trials: 0 };
  const variant = { successes: 0, trials: 0 };
  const fixed: [boolean, boolean] = [false, false];
  const anytime: [boolean, boolean] = [false, false];
  for (let day = 1; day <= options.days; day++) {
    const nControl = fewest + Math.floor(random() * (most - fewest + 1));
    const nVariant = fewest + Math.floor(random() * (most - fewest + 1));
    control.trials += nControl;
    control.successes += binomial(random, nControl, options.baseRate);
    variant.trials += nVariant;
    variant.successes += binomial(random, nVariant, variantRate);
    const byFixed = called(fixedInterval(variant, control));
    const byAnytime = called(anytimeInterval(variant, control));
    fixed[0] ||= byFixed;
    anytime[0] ||= byAnytime;
    if (day === options.days) {
      fixed[1] = byFixed;
      anytime[1] = byAnytime;
    }
  }
  return { fixed, anytime };
}

function share(results: { fixed: [boolean, boolean]; anytime: [boolean, boolean] }[]) {
  const rate = (pick: (r: (typeof results)[number]) => boolean) =>
    results.filter(pick).length / results.length;
  return {
    fixed: { anyLook: rate((r) => r.fixed[0]), lastLook: rate((r) => r.fixed[1]) },
    anytime: { anyLook: rate((r) => r.anytime[0]), lastLook: rate((r) => r.anytime[1]) },
  };
}

export function simulate(options: SimulationOptions = DEFAULT_SIMULATION): SimulationResult {
  const random = generator(options.seed);
  const excludesZero = (interval: Interval) => interval.low > 0 || interval.high < 0;
  const above = (interval: Interval) => interval.low > 0;
  const aa = Array.from({ length: options.tests }, () =>
    runTest(random, options, options.baseRate, excludesZero),
  );
  const ab = Array.from({ length: options.tests }, () =>
    runTest(random, options, options.baseRate + options.difference, above),
  );
  return { options, falsePositives: share(aa), power: share(ab) };
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The result as the Markdown table docs/experiments-report.md shows. */
export function formatSimulation(result: SimulationResult): string {
  const { options: o, falsePositives: fp, power } = result;
  const visitors = `${o.dailyVisitors[0]}–${o.dailyVisitors[1]}`;
  return [
    `${o.tests.toLocaleString('en-US')} A/A and ${o.tests.toLocaleString('en-US')} A/B tests, seed ${o.seed}: ${o.days} days, ${visitors} visitors per version a day, control rate ${pct(o.baseRate)}, A/B difference +${(o.difference * 100).toFixed(1)} points; a look every day.`,
    '',
    '| interval | false positives, a look every day | false positives, one look at the end | power, a look every day | power, one look at the end |',
    '|---|---|---|---|---|',
    `| fixed 95% | ${pct(fp.fixed.anyLook)} | ${pct(fp.fixed.lastLook)} | ${pct(power.fixed.anyLook)} | ${pct(power.fixed.lastLook)} |`,
    `| anytime 95% | ${pct(fp.anytime.anyLook)} | ${pct(fp.anytime.lastLook)} | ${pct(power.anytime.anyLook)} | ${pct(power.anytime.lastLook)} |`,
  ].join('\n');
}
