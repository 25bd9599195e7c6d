import { describe, expect, it } from 'vitest';
import { renderScaleTable, type ScaleBenchResult } from './scaleBench.ts';

const load = (requestsPerSecond: number, p99Ms: number, errors = 0) => ({
  requestsPerSecond,
  p50Ms: p99Ms / 4,
  p99Ms,
  errors,
  non2xx: 0,
});

describe('the scale benchmark', () => {
  it('prints numbers, the reason a row has none, failures and the capacity found', () => {
    const result: ScaleBenchResult = {
      connections: 1000,
      visitors: 1000,
      durationSec: 10,
      p99LimitMs: 50,
      rows: [
        { engine: 'floor', instances: 1, status: load(20514, 109), polling: load(976, 6.2) },
        {
          engine: 'sqlite',
          instances: 3,
          status: load(8313, 222),
          signup: load(2694, 516, 3),
          polling: load(977, 7.8),
        },
        { engine: 'postgres', instances: 1, unavailable: 'not available in this build' },
      ],
      capacity: [
        {
          engine: 'sqlite',
          visitors: 3000,
          p99Ms: 31.5,
          steps: [
            { visitors: 1000, p99Ms: 7.8, errors: 0 },
            { visitors: 2000, p99Ms: 12, errors: 0 },
            { visitors: 4000, p99Ms: 80, errors: 0 },
            { visitors: 3000, p99Ms: 31.5, errors: 0 },
          ],
        },
        {
          engine: 'floor',
          visitors: 16000,
          p99Ms: 20,
          atMost: true,
          steps: [{ visitors: 16000, p99Ms: 20, errors: 0 }],
        },
        { engine: 'postgres', unavailable: 'not available in this build', steps: [] },
      ],
    };
    const table = renderScaleTable(result);
    expect(table).toContain(
      '| node:http floor (constant JSON) | 1 | 20,514 | 109.0 | – | – | 6.2 |',
    );
    expect(table).toContain(
      '| API on SQLite (one shared file) | 3 | 8,313 | 222.0 | 2,694 [3 failed] | 516.0 | 7.8 |',
    );
    expect(table).toContain('| API on Postgres 15 | 1 | not available in this build | – |');
    expect(table).toContain('API on SQLite (one shared file): 3,000 visitors (p99 31.5 ms;');
    expect(table).toContain('node:http floor (constant JSON): at least 16,000 visitors');
    expect(table).toContain('API on Postgres 15: not available in this build');
  });
});
