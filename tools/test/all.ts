/**
 * `npm test`: the checks (format, lint, types, partner files), every Vitest project, then the
 * visual gate's proof, stopping at the first that fails, as `a && b && c` would. It ends with the
 * time table (timeTable.ts): the ten slowest test files, each stage and the total, so a developer
 * sees where the time went in every run, and a slow day shows as one.
 *
 * TEST_WAIT_FOR names a file that something preparing the machine in the background writes when
 * it is done (its exit status, then its log's path): `.ci/run` compiles better-sqlite3 and installs
 * Debian's Chromium and Postgres while the checks run; the unit tests run while it finishes, and
 * the other projects wait for it here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForPreparation } from './preparation.ts';
import { formatTimeTable, mergeRuns, type RunTimes, type StageTime } from './timeTable.ts';
import { defaultTimesFile } from './timeReporter.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const timesFile = join(root, defaultTimesFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const vitest = [join(root, 'node_modules/vitest/vitest.mjs'), 'run'];
const unitTimesFile = join(root, 'test-results/file-times.unit.json');
const waitFor = process.env.TEST_WAIT_FOR;

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

const done: StageTime[] = [];
rmSync(timesFile, { force: true });
rmSync(unitTimesFile, { force: true });
let failed = false;
let unitStarted: number | undefined;
let vitestStarted: number | undefined;
for (const { name, command, args, env = {} } of stages) {
  if (name === 'vitest' && waitFor) {
    const waiting = Date.now();
    const { ok, report } = await waitForPreparation(waitFor);
    done.push({ name: 'preparation', ms: Date.now() - waiting, ok });
    if (report) console.error(`\n${report}`);
    if (!ok) {
      failed = true;
      break;
    }
  }
  const started = Date.now();
  if (name === 'unit tests') unitStarted = started;
  if (name === 'vitest') vitestStarted = started;
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_TIMES_QUIET: '1', ...env },
  });
  const ok = result.status === 0;
  done.push({ name, ms: Date.now() - started, ok });
  if (!ok) {
    failed = true;
    break;
  }
}

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
console.log(`\n${formatTimeTable(done, vitestTimes())}`);
process.exit(failed ? 1 : 0);
