/**
 * Runs the Vitest suite (or a chosen part of it) N times and lists every test that failed in any
 * run, with its error: `npm run test:repeat -- --runs 5 [--project e2e] [files...]`.
 * A flake shows up as a test failing in some runs and not others; each one is a cause to fix, not
 * a retry to add. Exits 1 when any test failed in any run. Reports stay in
 * test-results/repeat/ (REPEAT_OUT_DIR elsewhere).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  formatSummary,
  slowestFiles,
  summariseRuns,
  type VitestJsonReport,
} from './flakeReport.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function parseArgs(argv: string[]): { runs: number; vitestArgs: string[] } {
  const vitestArgs: string[] = [];
  let runs = 5;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--runs') {
      runs = Number(argv[(i += 1)]);
    } else if (arg.startsWith('--runs=')) {
      runs = Number(arg.slice('--runs='.length));
    } else {
      vitestArgs.push(arg);
    }
  }
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
    console.error('--runs takes a whole number from 1 to 100 (how many times to run the suite).');
    process.exit(2);
  }
  return { runs, vitestArgs };
}

function main(): void {
  const { runs, vitestArgs } = parseArgs(process.argv.slice(2));
  const outDir = resolve(process.env.REPEAT_OUT_DIR ?? join(root, 'test-results/repeat'));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const reports: (VitestJsonReport | undefined)[] = [];
  const runSeconds: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const reportFile = join(outDir, `run-${run}.json`);
    const started = Date.now();
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
        ...vitestArgs,
      ],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    runSeconds.push(seconds);
    console.log(`\nrun ${run} of ${runs}: exit ${result.status ?? result.signal}, ${seconds} s`);
    reports.push(
      existsSync(reportFile)
        ? (JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJsonReport)
        : undefined,
    );
  }
  const summary = summariseRuns(reports, root);
  const slowest = slowestFiles(reports, root);
  writeFileSync(
    join(outDir, 'summary.json'),
    `${JSON.stringify({ ...summary, runSeconds, slowest }, null, 2)}\n`,
  );
  console.log(`\nWall time per run (s): ${runSeconds.join(', ')}`);
  console.log(`Slowest files (median over the runs):`);
  for (const { file, seconds } of slowest)
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
  console.log(`\n${formatSummary(summary)}`);
  process.exit(summary.failures.length > 0 ? 1 : 0);
}

main();
