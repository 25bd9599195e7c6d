/**
 * A Vitest reporter that records each test file's time (test-results/file-times.json, or
 * TEST_TIMES_FILE) and prints the ten slowest at the end of the run, unless TEST_TIMES_QUIET is
 * set (tools/test/all.ts prints them itself, after the visual gate). See timeTable.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { formatTimeTable, type FileTime, type RunTimes } from './timeTable.ts';

export const defaultTimesFile = 'test-results/file-times.json';

export default class TimeReporter implements Reporter {
  private root = process.cwd();
  private started = Date.now();
  /** Each file's start and end, from the run's start (by module id). */
  private spans = new Map<string, { startMs: number; endMs?: number }>();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.started = Date.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.spans.set(module.moduleId, { startMs: Date.now() - this.started });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.moduleId);
    if (span) span.endMs = Date.now() - this.started;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files: FileTime[] = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      // Not prepareDuration: in the browser projects it includes the wait for a free browser
      // session (minutes in a busy run), not the file's own work.
      const ms =
        diagnostic.environmentSetupDuration +
        diagnostic.collectDuration +
        diagnostic.setupDuration +
        diagnostic.duration;
      return {
        file: relative(this.root, module.moduleId).split('\\').join('/'),
        project: module.project.name,
        ms: Math.round(ms),
        tests: [...module.children.allTests()].length,
        ...this.spans.get(module.moduleId),
      };
    });
    const run: RunTimes = { wallMs: Date.now() - this.started, files };
    const out = resolve(this.root, process.env.TEST_TIMES_FILE ?? defaultTimesFile);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(run, null, 2)}\n`);
    if (!process.env.TEST_TIMES_QUIET) console.log(`\n${formatTimeTable([], run)}\n`);
  }
}
