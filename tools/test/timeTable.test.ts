import { describe, expect, it } from 'vitest';
import { formatTimeTable, mergeRuns, slowest, type FileTime } from './timeTable.ts';

const file = (name: string, ms: number, project = 'unit'): FileTime => ({
  file: name,
  project,
  ms,
  tests: 3,
});

describe('the time table at the end of npm test', () => {
  it('lists the ten slowest files, slowest first, and the totals', () => {
    const files = Array.from({ length: 12 }, (_, index) => file(`f${index}.test.ts`, index * 1000));
    expect(slowest(files).map((row) => row.file)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((index) => `f${index}.test.ts`),
    );
    const table = formatTimeTable(
      [
        { name: 'checks', ms: 20_000, ok: true },
        { name: 'vitest', ms: 300_000, ok: true },
        { name: 'visual gate', ms: 60_000, ok: true },
      ],
      { wallMs: 290_000, files },
    );
    expect(table).toContain('The 10 slowest of 12 test files:');
    expect(table).toMatch(/f11\.test\.ts \(unit\)\s+11\.0 s {2}3 tests/);
    expect(table).not.toContain('f1.test.ts');
    expect(table).toContain('all 12 files: 66.0 s summed over the workers, 290.0 s of wall time');
    expect(table).toMatch(/total\s+380\.0 s/);
  });

  it('totals the wall time it is given, for stages that ran side by side', () => {
    const stages = [
      { name: 'vitest', ms: 700_000, ok: true },
      { name: 'visual gate (beside vitest)', ms: 50_000, ok: true },
    ];
    expect(formatTimeTable(stages, undefined, 720_000)).toMatch(/total\s+720\.0 s$/);
    expect(formatTimeTable(stages, undefined)).toMatch(/total\s+750\.0 s$/);
  });

  it('marks the stage that failed, and works without a Vitest run', () => {
    const table = formatTimeTable([{ name: 'checks', ms: 1500, ok: false }], undefined);
    expect(table).toMatch(/checks\s+1\.5 s {2}FAILED/);
    expect(table).not.toContain('slowest');
  });

  it('orders equal times by name, so two runs print the same table', () => {
    const rows = [
      file('b.test.ts', 5),
      file('a.test.ts', 5, 'e2e'),
      file('a.test.ts', 5, 'browser'),
    ];
    expect(slowest(rows).map((row) => `${row.file} ${row.project}`)).toEqual([
      'a.test.ts browser',
      'a.test.ts e2e',
      'b.test.ts unit',
    ]);
  });

  it('joins the unit run made during the preparation with the later run, on one timeline', () => {
    const unit = {
      wallMs: 40_000,
      files: [{ ...file('a.test.ts', 30_000), startMs: 0, endMs: 30_000 }],
    };
    const rest = {
      wallMs: 500_000,
      files: [
        { ...file('b.test.ts', 200_000, 'e2e'), startMs: 1_000, endMs: 201_000 },
        file('never-started.test.ts', 0, 'e2e'),
      ],
    };
    const merged = mergeRuns(unit, rest, 90_000);
    expect(merged.wallMs).toBe(590_000);
    expect(merged.files.map((row) => [row.file, row.startMs, row.endMs])).toEqual([
      ['a.test.ts', 0, 30_000],
      ['b.test.ts', 91_000, 291_000],
      ['never-started.test.ts', undefined, undefined],
    ]);
    expect(merged.files[2]).not.toHaveProperty('startMs');
  });
});
