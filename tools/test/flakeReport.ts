import { stripVTControlCharacters } from 'node:util';

/**
 * What several runs of the same test suite say together: every test that failed in any run, how
 * often, and its first error. Pure functions over Vitest's JSON reports (`--reporter=json`), so
 * the repeat script (tools/test/repeat.ts) and its unit test share them.
 */

/** The parts of Vitest's JSON report this reads (the Jest-compatible shape it writes). */
export interface VitestJsonReport {
  numTotalTests?: number;
  testResults: {
    name: string;
    status?: string;
    message?: string;
    startTime?: number;
    endTime?: number;
    assertionResults: {
      fullName?: string;
      title: string;
      status: string;
      duration?: number | null;
      failureMessages: string[];
    }[];
  }[];
}

export interface FlakyTest {
  /** The test file, relative to the project root. */
  file: string;
  /** The test's full name, or "(file)" when the file itself failed to load or a hook failed. */
  test: string;
  /** Runs in which it failed, 1-based. */
  failedRuns: number[];
  /** Its first error in the first failing run: the message's first lines. */
  error: string;
}

export interface RepeatSummary {
  runs: number;
  /** Tests counted per run, to see that every run ran the whole selection. */
  testsPerRun: number[];
  failures: FlakyTest[];
}

const firstLines = (text: string, lines = 6) =>
  stripVTControlCharacters(text).split('\n').slice(0, lines).join('\n').trim();

const relativeTo = (root: string, file: string) =>
  file.startsWith(root) ? file.slice(root.length).replace(/^\/+/, '') : file;

/**
 * Folds the reports of N runs (in run order; `undefined` for a run that wrote no report, which
 * counts as a failure of the whole run) into one list of failing tests, most often failing first.
 */
export function summariseRuns(
  reports: (VitestJsonReport | undefined)[],
  root: string,
): RepeatSummary {
  const byKey = new Map<string, FlakyTest>();
  const note = (run: number, file: string, test: string, error: string) => {
    const key = `${file}\u0000${test}`;
    const known = byKey.get(key);
    if (known) {
      if (!known.failedRuns.includes(run)) known.failedRuns.push(run);
      return;
    }
    byKey.set(key, { file, test, failedRuns: [run], error: firstLines(error) });
  };
  const testsPerRun: number[] = [];
  reports.forEach((report, index) => {
    const run = index + 1;
    if (!report) {
      testsPerRun.push(0);
      note(run, '(run)', '(no report)', 'The run wrote no JSON report: it crashed or timed out.');
      return;
    }
    let count = 0;
    for (const file of report.testResults) {
      const name = relativeTo(root, file.name);
      count += file.assertionResults.length;
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) {
        note(run, name, test.fullName ?? test.title, test.failureMessages.join('\n') || 'failed');
      }
      // A file that failed with no failing test: it did not load, or a hook threw.
      if (file.status === 'failed' && failed.length === 0) {
        note(run, name, '(file)', file.message || 'The file failed outside its tests.');
      }
    }
    testsPerRun.push(count);
  });
  const failures = [...byKey.values()].sort(
    (a, b) => b.failedRuns.length - a.failedRuns.length || a.file.localeCompare(b.file),
  );
  return { runs: reports.length, testsPerRun, failures };
}

/** The summary as a person reads it: one block per failing test. */
export function formatSummary(summary: RepeatSummary): string {
  const head = `${summary.runs} run(s); tests per run: ${summary.testsPerRun.join(', ')}`;
  if (summary.failures.length === 0) return `${head}\nNo test failed in any run.`;
  const blocks = summary.failures.map(
    (failure) =>
      `✗ ${failure.file} › ${failure.test}\n  failed in run(s) ${failure.failedRuns.join(', ')} of ${summary.runs}\n` +
      failure.error
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n'),
  );
  return `${head}\n${summary.failures.length} test(s) failed at least once:\n\n${blocks.join('\n\n')}`;
}

export interface FileTime {
  /** The test file; a file run by two projects (SQLite and Postgres) is listed twice. */
  file: string;
  /** Its median wall time over the runs, in seconds. */
  seconds: number;
}

/**
 * The slowest test files, by their median wall time over the runs: where a suite's time goes. A
 * file that two projects run (the server tests on SQLite and on Postgres) counts once per project.
 */
export function slowestFiles(
  reports: (VitestJsonReport | undefined)[],
  root: string,
  count = 12,
): FileTime[] {
  const times = new Map<string, number[]>();
  for (const report of reports) {
    const seen = new Map<string, number>();
    for (const file of report?.testResults ?? []) {
      if (file.startTime === undefined || file.endTime === undefined) continue;
      const name = relativeTo(root, file.name);
      const nth = (seen.get(name) ?? 0) + 1;
      seen.set(name, nth);
      const key = nth === 1 ? name : `${name} (#${nth})`;
      times.set(key, [...(times.get(key) ?? []), (file.endTime - file.startTime) / 1000]);
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  return [...times.entries()]
    .map(([file, values]) => ({ file, seconds: Math.round(median(values) * 10) / 10 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}
