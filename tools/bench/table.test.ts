import { describe, expect, it } from 'vitest';
import type { PageResult } from './pageResult.ts';
import type { PageAudit } from './lighthouse.ts';
import { renderTable, renderTbtSummary } from './table.ts';
import { medianOf } from '../perf/median.ts';

const audit = (tbtMs: number): PageAudit => ({
  url: 'http://127.0.0.1/',
  scores: { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 },
  lcpMs: 1200,
  fcpMs: 900,
  tbtMs,
  cls: 0,
  speedIndexMs: 1000,
  scripts: [],
  jsGzipBytes: 99_000,
  benchmarkIndex: 1700,
  cpuSlowdown: 4,
  longTasks: [],
  failing: [],
});

const page = (path: string, kind: PageResult['page'], tbtRunsMs: number[]): PageResult => ({
  partner: 'demo',
  page: kind,
  path,
  audit: audit(tbtRunsMs[0] ?? 0),
  tbtRunsMs,
  floor: audit(0),
  lcpRatio: 1,
  firstLoad: { gzipBytes: 102_400, brotliBytes: 92_160 },
  overBudget: [],
});

describe('the TBT report of the page benchmark', () => {
  it('takes the median of odd and even counts', () => {
    expect(medianOf([30, 10, 20])).toBe(20);
    expect(medianOf([40, 10, 20, 30])).toBe(25);
    expect(medianOf([])).toBeNaN();
  });

  it("shows each page's median run and sets all runs against the 50 ms target", () => {
    const pages = [
      page('/demo', 'landing', [90, 40, 60]),
      page('/demo/claim-offer', 'claimOffer', [10, 0, 20]),
    ];
    expect(renderTbtSummary(pages)).toBe(
      'TBT (Lighthouse mobile, 4x CPU slowdown): median 30 ms over 6 runs of 2 pages ' +
        '(landing pages 60 ms, worst run 90 ms); target median <= 50 ms: met.',
    );
    expect(renderTbtSummary([page('/demo', 'landing', [90, 40, 60])])).toMatch(/: missed\.$/);
    // Lighthouse's CPU slowdown as the run set it (BENCH_LIGHTHOUSE_CPU).
    const slower = pages.map((result) => ({
      ...result,
      audit: { ...result.audit, cpuSlowdown: 8 },
    }));
    expect(renderTbtSummary(slower)).toMatch(/^TBT \(Lighthouse mobile, 8x CPU slowdown\)/);
    const table = renderTable(pages, undefined);
    // The landing row shows its median run (60), not the first run (90).
    expect(table).toMatch(/\| \/demo \(demo landing\) \|(?:[^|]*\|){6} 60 \|/);
    expect(table).toContain('target median <= 50 ms: met.');
    // First-load JS from the build (brotli, then gzip), and the run's long tasks.
    expect(table).toMatch(/\| \/demo \(demo landing\) \|(?:[^|]*\|){9} 90\.0 \(100\.0\) \| 0 \|/);
  });
});
