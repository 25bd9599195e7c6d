/**
 * `npm test`: the checks (format, lint, types, partner files), every Vitest project, then the
 * visual gate's proof, stopping at the first that fails, as `a && b && c` would. It ends with the
 * time table (timeTable.ts): the ten slowest test files, each stage and the total, so a developer
 * sees where the time went in every run, and a slow day shows as one.
 *
 * TEST_WAIT_FOR names a file that something preparing the machine in the background writes when
 * it is done (its exit status, then its log's path): `.ci/run` compiles better-sqlite3 and installs
 * Debian's Chromium and Postgres while the checks run, and the tests wait for it here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForPreparation } from './preparation.ts';
import { formatTimeTable, type RunTimes, type StageTime } from './timeTable.ts';
import { defaultTimesFile } from './timeReporter.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const timesFile = join(root, defaultTimesFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const stages: [name: string, command: string, args: string[]][] = [
  ['checks', npm, ['run', '--silent', 'checks']],
  ['vitest', process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run']],
  ['visual gate', npm, ['run', '--silent', 'test:visual:gate']],
];

function readRun(): RunTimes | undefined {
  if (!existsSync(timesFile)) return undefined;
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8')) as RunTimes;
  } catch {
    return undefined;
  }
}

const done: StageTime[] = [];
rmSync(timesFile, { force: true });
let failed = false;
const waitFor = process.env.TEST_WAIT_FOR;
for (const [name, command, args] of stages) {
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
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_TIMES_QUIET: '1' },
  });
  const ok = result.status === 0;
  done.push({ name, ms: Date.now() - started, ok });
  if (!ok) {
    failed = true;
    break;
  }
}
// The Vitest run's file times: the gate's own Vitest runs write elsewhere (TEST_TIMES_FILE).
console.log(`\n${formatTimeTable(done, readRun())}`);
process.exit(failed ? 1 : 0);
