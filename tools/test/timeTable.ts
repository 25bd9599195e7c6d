/**
 * Where the suite's time went, in a table a developer reads at the end of every `npm test`: the
 * ten slowest test files and the total, so a regression shows on the day it comes in
 * (docs/testing.md, Test time). Pure functions; the Vitest reporter (timeReporter.ts) collects the
 * per-file times and tools/test/all.ts prints them with the times of the checks and the visual
 * gate.
 */

/** One test file's time, as the reporter writes it (test-results/file-times.json). */
export interface FileTime {
  /** The file, relative to the project root. */
  file: string;
  /** The Vitest project that ran it ("e2e", "storybook", ...). */
  project: string;
  /** Its own work (environment, imports, setup files, tests and hooks), in ms; not queueing. */
  ms: number;
  tests: number;
  /**
   * When it started and ended, in ms from the run's start: the run's timeline (which files
   * overlapped, where workers waited). Absent for a file that never started.
   */
  startMs?: number;
  endMs?: number;
}

/** What the reporter writes after a run. */
export interface RunTimes {
  /** The run from Vitest's start to its end (wall time), in ms. */
  wallMs: number;
  files: FileTime[];
}

/**
 * Two Vitest runs of one `npm test` as one (tools/test/all.ts runs the unit project while the
 * machine is still being prepared, then the others): their files together, the later run's
 * timeline shifted by `laterStartMs` (when it started, from the first run's start), and the wall
 * time from the first run's start to the end of whichever ended last.
 */
export function mergeRuns(first: RunTimes, later: RunTimes, laterStartMs: number): RunTimes {
  const shift = (ms: number | undefined) => (ms === undefined ? undefined : ms + laterStartMs);
  return {
    wallMs: Math.max(first.wallMs, laterStartMs + later.wallMs),
    files: [
      ...first.files,
      ...later.files.map((file) => {
        const { startMs, endMs, ...rest } = file;
        const start = shift(startMs);
        const end = shift(endMs);
        return {
          ...rest,
          ...(start === undefined ? {} : { startMs: start }),
          ...(end === undefined ? {} : { endMs: end }),
        };
      }),
    ],
  };
}

/** The `count` slowest files, slowest first (ties by name, so the table is stable). */
export function slowest(files: readonly FileTime[], count = 10): FileTime[] {
  return [...files]
    .sort(
      (a, b) => b.ms - a.ms || a.file.localeCompare(b.file) || a.project.localeCompare(b.project),
    )
    .slice(0, count);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A stage of `npm test` and how long it took; `ok` false when it failed. */
export interface StageTime {
  name: string;
  ms: number;
  ok: boolean;
}

/**
 * The table: the ten slowest files of the Vitest run, then each stage and the total: `totalMs`
 * when given (the wall time, for stages that ran side by side), else the stages' sum.
 */
export function formatTimeTable(
  stages: readonly StageTime[],
  run: RunTimes | undefined,
  totalMs?: number,
): string {
  const lines: string[] = [];
  if (run && run.files.length > 0) {
    const top = slowest(run.files);
    const width = Math.max(...top.map((row) => row.file.length + row.project.length + 3));
    lines.push(`The ${top.length} slowest of ${run.files.length} test files:`);
    for (const row of top) {
      const name = `${row.file} (${row.project})`;
      lines.push(`  ${name.padEnd(width)}  ${seconds(row.ms).padStart(8)}  ${row.tests} tests`);
    }
    const summed = run.files.reduce((sum, row) => sum + row.ms, 0);
    lines.push(
      `  all ${run.files.length} files: ${seconds(summed)} summed over the workers, ${seconds(run.wallMs)} of wall time`,
    );
  }
  if (stages.length > 0) {
    lines.push('Stages:');
    const width = Math.max(...stages.map((stage) => stage.name.length));
    for (const stage of stages) {
      lines.push(
        `  ${stage.name.padEnd(width)}  ${seconds(stage.ms).padStart(8)}${stage.ok ? '' : '  FAILED'}`,
      );
    }
    const total = totalMs ?? stages.reduce((sum, stage) => sum + stage.ms, 0);
    lines.push(`  ${'total'.padEnd(width)}  ${seconds(total).padStart(8)}`);
  }
  return lines.join('\n');
}
