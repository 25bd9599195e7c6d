import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatSummary,
  slowestFiles,
  summariseRuns,
  type VitestJsonReport,
} from './flakeReport.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const report = (
  tests: { title: string; status: 'passed' | 'failed'; error?: string }[],
  file = `${root}/tests/a.test.ts`,
): VitestJsonReport => ({
  testResults: [
    {
      name: file,
      status: tests.some((test) => test.status === 'failed') ? 'failed' : 'passed',
      assertionResults: tests.map((test) => ({
        title: test.title,
        fullName: `suite ${test.title}`,
        status: test.status,
        failureMessages: test.error ? [test.error] : [],
      })),
    },
  ],
});

describe('summariseRuns', () => {
  it('lists a test failing in some runs with the runs and its first error', () => {
    const summary = summariseRuns(
      [
        report([
          { title: 'x', status: 'passed' },
          { title: 'y', status: 'passed' },
        ]),
        report([
          { title: 'x', status: 'failed', error: 'AssertionError: expected 1 to be 2\n at line' },
          { title: 'y', status: 'passed' },
        ]),
        undefined,
      ],
      root,
    );
    expect(summary.testsPerRun).toEqual([2, 2, 0]);
    expect(summary.failures).toEqual([
      {
        file: '(run)',
        test: '(no report)',
        failedRuns: [3],
        error: 'The run wrote no JSON report: it crashed or timed out.',
      },
      {
        file: 'tests/a.test.ts',
        test: 'suite x',
        failedRuns: [2],
        error: 'AssertionError: expected 1 to be 2\n at line',
      },
    ]);
    expect(formatSummary(summary)).toContain(
      '✗ tests/a.test.ts › suite x\n  failed in run(s) 2 of 3',
    );
  });

  it('names a file that failed outside its tests', () => {
    const broken: VitestJsonReport = {
      testResults: [
        {
          name: `${root}/b.test.ts`,
          status: 'failed',
          message: 'hook timed out',
          assertionResults: [],
        },
      ],
    };
    expect(summariseRuns([broken], root).failures).toMatchObject([
      { file: 'b.test.ts', test: '(file)', error: 'hook timed out' },
    ]);
  });

  it('says so when nothing failed', () => {
    const summary = summariseRuns([report([{ title: 'x', status: 'passed' }])], root);
    expect(summary.failures).toEqual([]);
    expect(formatSummary(summary)).toContain('No test failed in any run.');
  });
});

describe('slowestFiles', () => {
  const timed = (files: [string, number][]): VitestJsonReport => ({
    testResults: files.map(([name, seconds]) => ({
      name: `${root}/${name}`,
      startTime: 1000,
      endTime: 1000 + seconds * 1000,
      assertionResults: [],
    })),
  });

  it('ranks files by their median time, a file two projects run once per project', () => {
    const reports = [
      timed([
        ['a.test.ts', 10],
        ['b.test.ts', 2],
        ['b.test.ts', 30],
      ]),
      timed([
        ['a.test.ts', 50],
        ['b.test.ts', 4],
        ['b.test.ts', 30],
      ]),
      timed([
        ['a.test.ts', 12],
        ['b.test.ts', 3],
        ['b.test.ts', 30],
      ]),
    ];
    expect(slowestFiles(reports, root, 2)).toEqual([
      { file: 'b.test.ts (#2)', seconds: 30 },
      { file: 'a.test.ts', seconds: 12 },
    ]);
  });
});

describe('npm run test:repeat', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'homesafe-repeat-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds the test that fails in one run of two, and only that one', () => {
    const counter = join(scratch, 'counter');
    writeFileSync(counter, '0');
    const outDir = join(scratch, 'out');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'tools/test/repeat.ts'),
        '--runs',
        '2',
        '--config',
        join(root, 'tests/fixtures/flaky/vitest.config.ts'),
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, FLAKY_COUNTER: counter, REPEAT_OUT_DIR: outDir },
        timeout: 110_000,
      },
    );
    expect(run.status, run.stderr).toBe(1);
    const summary = JSON.parse(readFileSync(join(outDir, 'summary.json'), 'utf8')) as ReturnType<
      typeof summariseRuns
    >;
    expect(summary.testsPerRun).toEqual([2, 2]);
    expect(summary.failures.map(({ test, failedRuns }) => ({ test, failedRuns }))).toEqual([
      { test: 'fails on even runs', failedRuns: [2] },
    ]);
    expect(summary.failures[0]?.error).toContain('run 2 of the flaky fixture');
    expect(run.stdout).toContain('1 test(s) failed at least once');
  }, 120_000); // two Vitest runs of their own: seconds each, more on a loaded machine
});
