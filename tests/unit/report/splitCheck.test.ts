import { describe, expect, it } from 'vitest';
import { splitTest, type WeightSetCounts } from '../../../server/report/splitCheck.ts';
import { chiSquareGoodnessOfFit } from '../../../server/report/stats.ts';
import { parseWeightsKey, weightsKey } from '../../../server/experiments/weightsKey.ts';

describe('the weights key', () => {
  it('names the live versions and weights in one order, and reads back', () => {
    const key = weightsKey([
      { id: 'fast', weight: 70 },
      { id: 'control', weight: 30 },
      { id: 'paused', weight: 0 },
    ]);
    expect(key).toBe('control:30,fast:70');
    expect(parseWeightsKey(key)).toEqual({ control: 30, fast: 70 });
    expect(parseWeightsKey('control:0.5,b:1.5')).toEqual({ control: 0.5, b: 1.5 });
    expect(parseWeightsKey('nonsense')).toBeUndefined();
    expect(parseWeightsKey('control:30,control:70')).toBeUndefined();
  });
});

describe('the split test over the weights each visitor was assigned under', () => {
  it("is Pearson's chi-square with one set of weights", () => {
    const result = splitTest([
      { weights: { control: 30, b: 70 }, counts: { control: 280, b: 720 } },
    ]);
    const pearson = chiSquareGoodnessOfFit([720, 280], [70, 30]);
    expect(result.test).toBe('pearson');
    expect(result.pValue).toBeCloseTo(pearson.pValue, 12);
    expect(result.expected).toEqual({ b: 700, control: 300 });
  });

  it("gives Pearson's statistic when several sets have the same shares (the Wald form reduces to it)", () => {
    // The same 30/70 shares written two ways: two sets, but one multinomial.
    const two = splitTest([
      { weights: { control: 30, b: 70 }, counts: { control: 130, b: 370 } },
      { weights: { control: 3, b: 7 }, counts: { control: 150, b: 350 } },
    ]);
    const pearson = chiSquareGoodnessOfFit([280, 720], [30, 70]);
    expect(two.test).toBe('wald');
    expect(two.statistic).toBeCloseTo(pearson.statistic, 9);
    expect(two.degreesOfFreedom).toBe(1);
  });

  it('expects an ended variant only while it ran, and a reweighted one by its weight then', () => {
    const sets: WeightSetCounts[] = [
      // Days 1–10: control 50, b 50, c 50 (c ends on day 10).
      { weights: { control: 50, b: 50, c: 50 }, counts: { control: 1010, b: 990, c: 1000 } },
      // Days 11–20: b reweighted to 150.
      { weights: { control: 50, b: 150 }, counts: { control: 760, b: 2240 } },
    ];
    const result = splitTest(sets);
    expect(result.expected).toEqual({ control: 1750, b: 3250, c: 1000 });
    expect(result.pValue).toBeGreaterThan(0.01);
    // b's visits dropped by a third in both periods: found.
    const dropped = splitTest(
      sets.map((set) => ({
        ...set,
        counts: { ...set.counts, b: Math.round((set.counts.b ?? 0) * (2 / 3)) },
      })),
    );
    expect(dropped.pValue).toBeLessThan(1e-10);
  });

  it('tests the pooled counts: opposite imbalances in two periods cancel (a known limit)', () => {
    // Two periods with opposite errors; pooled, the counts are exactly as expected. A real bug that
    // drops or doubles one version's visits does so throughout, and shows in the pool.
    const sets = [
      { weights: { control: 90, b: 10 }, counts: { control: 500, b: 500 } },
      { weights: { control: 10, b: 90 }, counts: { control: 500, b: 500 } },
    ];
    expect(splitTest(sets).pValue).toBeCloseTo(1, 6);
  });

  it('calls a visitor in a version the set had no weight for impossible', () => {
    const result = splitTest([
      { weights: { control: 50, b: 50 }, counts: { control: 10, b: 10 } },
      { weights: { control: 1 }, counts: { control: 5, b: 1 } },
    ]);
    expect(result.impossible).toBe(true);
    expect(result.pValue).toBe(0);
  });

  it('has nothing to check with no visitors or one version', () => {
    expect(splitTest([]).pValue).toBe(1);
    expect(splitTest([{ weights: { control: 1 }, counts: { control: 40 } }]).pValue).toBe(1);
  });
});
