/**
 * `npm test`: the checks (format, lint, types, partner files), every Vitest project, and the
 * visual gate's proof (started beside the Vitest run once its Storybook project is done), stopping
 * at the first that fails, as `a && b && c` would. It ends with the
 * time table (timeTable.ts): the ten slowest test files, each stage and the total, so a developer
 * sees where the time went in every run, and a slow day shows as one.
 *
 * TEST_WAIT_FOR names a file that something preparing the machine in the background writes when
 * it is done (its exit status, then its log's path): `.ci/run` compiles better-sqlite3 and installs
 * Debian's Chromium and Postgres while the checks run; the unit tests run while it finishes.
 * TEST_WAIT_FOR_PACKAGES names the file the Debian part writes (same form): Vitest's other projects
 * start once it is there (they start browsers and Postgres), and the files that open a database
 * wait for the whole preparation themselves (preparedSetup.ts), so Vitest's start and the browser
 * files run beside the compile. Without TEST_WAIT_FOR_PACKAGES, the wait here is for everything.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runForOutput } from '../runForOutput.ts';
import { waitForPreparation } from './preparation.ts';
import { formatTimeTable, mergeRuns, type RunTimes, type StageTime } from './timeTable.ts';
import { defaultTimesFile } from './timeReporter.ts';
import { vitestNodeArgs } from './vitestCommand.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const timesFile = join(root, defaultTimesFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const vitest = [...vitestNodeArgs(root), 'run'];
const unitTimesFile = join(root, 'test-results/file-times.unit.json');
const waitFor = process.env.TEST_WAIT_FOR;
const waitForPackages = process.env.TEST_WAIT_FOR_PACKAGES ?? waitFor;

interface Stage {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * With a preparation to wait for, the unit project (it needs no database and no browser) goes
 * first, while better-sqlite3 still compiles on one core and the other would idle (a fresh machine
 * waited 76 s there); the other projects follow. Without one, a single Vitest run.
 */
const stages: Stage[] = [
  { name: 'checks', command: npm, args: ['run', '--silent', 'checks'] },
  ...(waitFor
    ? [
        {
          name: 'unit tests',
          command: process.execPath,
          args: [...vitest, '--project', 'unit'],
          env: { TEST_TIMES_FILE: unitTimesFile },
        },
        { name: 'vitest', command: process.execPath, args: [...vitest, '--project', '!unit'] },
      ]
    : [{ name: 'vitest', command: process.execPath, args: vitest }]),
  { name: 'visual gate', command: npm, args: ['run', '--silent', 'test:visual:gate'] },
];

function readRun(file: string): RunTimes | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunTimes;
  } catch {
    return undefined;
  }
}

/** Runs a stage with the terminal's output; resolves with whether it exited 0. */
function runStage({ command, args, env = {} }: Stage): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TEST_TIMES_QUIET: '1', ...env },
    });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/**
 * The visual gate's proof, started beside the Vitest run once its Storybook project has ended
 * (projectEnd.ts; the proof's own Storybook run would otherwise share the cores with it): the
 * end-to-end files' last minutes left a core idle a quarter of the time, and the proof ran after
 * them on a machine otherwise idle. Its output is kept and shown in one piece when it ends, not
 * mixed into the Vitest run's.
 */
interface GateRun {
  started: number;
  /** Whether it passed, what it printed, and when it ended (its own time, not the run's). */
  result: Promise<{ ok: boolean; output: string; ended: number }>;
  stop(): void;
}
function startGate({ command, args }: Stage): GateRun {
  const started = Date.now();
  const abort = new AbortController();
  return {
    started,
    result: runForOutput(command, args, {
      cwd: root,
      env: { ...process.env, TEST_TIMES_QUIET: '1' },
      signal: abort.signal,
    }).then(
      ({ code, output }) => ({ ok: code === 0, output, ended: Date.now() }),
      (error: unknown) => ({ ok: false, output: `${String(error)}\n`, ended: Date.now() }),
    ),
    stop: () => abort.abort(),
  };
}

const storybookEnded = join(root, 'test-results/storybook-ended');
const done: StageTime[] = [];
const runStarted = Date.now();
rmSync(timesFile, { force: true });
rmSync(unitTimesFile, { force: true });
rmSync(storybookEnded, { force: true });
let failed = false;
let unitStarted: number | undefined;
let vitestStarted: number | undefined;
let gate: GateRun | undefined;
for (const stage of stages) {
  const { name } = stage;
  if (name === 'vitest' && waitForPackages) {
    const waiting = Date.now();
    const { ok, report } = await waitForPreparation(waitForPackages);
    done.push({ name: 'preparation', ms: Date.now() - waiting, ok });
    if (report) console.error(`\n${report}`);
    if (!ok) {
      failed = true;
      break;
    }
  }
  const started = Date.now();
  let ok: boolean;
  if (name === 'visual gate') {
    const run = gate ?? startGate(stage);
    const { ok: passed, output, ended } = await run.result;
    process.stdout.write(output);
    ok = passed;
    done.push({ name: gate ? 'visual gate (beside vitest)' : name, ms: ended - run.started, ok });
  } else {
    if (name === 'unit tests') unitStarted = started;
    let watch: NodeJS.Timeout | undefined;
    if (name === 'vitest') {
      vitestStarted = started;
      const gateStage = stages.find((other) => other.name === 'visual gate');
      watch = setInterval(() => {
        if (gate || !gateStage || !existsSync(storybookEnded)) return;
        console.log(
          "\nnpm test: the Storybook project is done; the visual gate's proof starts beside the rest\n",
        );
        gate = startGate(gateStage);
      }, 1000);
    }
    ok = await runStage({
      ...stage,
      env: {
        ...stage.env,
        ...(name === 'vitest' ? { TEST_PROJECT_END: `storybook=${storybookEnded}` } : {}),
      },
    });
    clearInterval(watch);
    done.push({ name, ms: Date.now() - started, ok });
  }
  if (!ok) {
    failed = true;
    break;
  }
}
// A proof started beside a Vitest run that failed is stopped: the run is red either way.
if (failed && gate && !done.some((stage) => stage.name.startsWith('visual gate'))) gate.stop();
rmSync(storybookEnded, { force: true });

/** The Vitest runs' file times (the gate's own Vitest runs write elsewhere: TEST_TIMES_FILE). */
function vitestTimes(): RunTimes | undefined {
  const main = readRun(timesFile);
  const unit = readRun(unitTimesFile);
  if (!unit || unitStarted === undefined) return main;
  if (!main || vitestStarted === undefined) return unit;
  const merged = mergeRuns(unit, main, vitestStarted - unitStarted);
  writeFileSync(timesFile, `${JSON.stringify(merged, null, 2)}\n`);
  rmSync(unitTimesFile, { force: true });
  return merged;
}
console.log(`\n${formatTimeTable(done, vitestTimes(), Date.now() - runStarted)}`);
process.exit(failed ? 1 : 0);
