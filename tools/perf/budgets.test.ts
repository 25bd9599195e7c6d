import { mkdtempSync, rmSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PerformanceBudgets } from '../../src/config/generated/budgets.ts';
import { loadBudgets, overByteBudget, overLabBudget } from './budgets.ts';

/* The budget checks name the page, the figure and the limit, and the file is checked. */
const root = new URL('../..', import.meta.url).pathname;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const budgets: PerformanceBudgets = {
  firstLoadJs: {
    landing: { brotliBytes: 1000, gzipBytes: 1200 },
    claimOffer: { brotliBytes: 2000, gzipBytes: 2400 },
    campaign: { brotliBytes: 1500, gzipBytes: 1800 },
  },
  lab: { runs: 5, tbtMedianMs: 50, performanceMin: 98, lcpOverFloorMax: 1.1, clsMax: 0 },
};
const landing = { kind: 'landing', path: '/demo', hostname: '', partner: 'demo' } as const;

describe('byte budgets', () => {
  it('passes a page at its limits and names page, figure and limit when over', () => {
    expect(overByteBudget(landing, { brotliBytes: 1000, gzipBytes: 1200 }, budgets)).toEqual([]);
    expect(overByteBudget(landing, { brotliBytes: 1001, gzipBytes: 1200 }, budgets)).toEqual([
      '/demo (demo landing): first-load JS brotli (transferred) 1001 B (1.0 KB) is over the limit of 1000 B (1.0 KB)',
    ]);
    const claim = { ...landing, kind: 'claimOffer', path: '/demo/claim-offer' } as const;
    expect(overByteBudget(claim, { brotliBytes: 1500, gzipBytes: 2500 }, budgets)).toEqual([
      '/demo/claim-offer (demo claimOffer): first-load JS gzip 2500 B (2.4 KB) is over the limit of 2400 B (2.3 KB)',
    ]);
  });
});

describe('lab budgets', () => {
  const good = {
    name: '/demo',
    tbtRunsMs: [10, 20, 400, 30, 40],
    performance: 99,
    lcpOverFloor: 1.05,
    cls: 0,
  };
  it('keeps the median TBT, so one slow run of five does not fail a page', () => {
    expect(overLabBudget(good, budgets)).toEqual([]);
  });
  it('names every figure over its limit, and too few runs', () => {
    expect(
      overLabBudget(
        { ...good, tbtRunsMs: [60, 70, 80], performance: 97, lcpOverFloor: 1.2, cls: 0.01 },
        budgets,
      ),
    ).toEqual([
      '/demo: 3 runs, the budget asks for 5',
      '/demo: TBT median 70 ms over 50 ms',
      '/demo: performance 97 under 98',
      '/demo: LCP 1.20 x the floor, over 1.1',
      '/demo: CLS 0.010 over 0',
    ]);
  });
});

describe('config/budgets.json', () => {
  it('matches its schema, and a file that does not is refused with where', () => {
    expect(loadBudgets(root).lab.runs).toBeGreaterThanOrEqual(5);
    const copy = mkdtempSync(join(tmpdir(), 'homesafe-budgets-'));
    dirs.push(copy);
    mkdirSync(join(copy, 'config'));
    cpSync(join(root, 'config', 'budgets.json'), join(copy, 'config', 'budgets.json'));
    writeFileSync(
      join(copy, 'config', 'budgets.json'),
      JSON.stringify({ ...budgets, firstLoadJs: { ...budgets.firstLoadJs, landing: {} } }),
    );
    expect(() => loadBudgets(copy)).toThrow(/\/firstLoadJs\/landing must have required property/);
  });
});
