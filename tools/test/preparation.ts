/**
 * The background preparation `.ci/run` starts while the checks run (better-sqlite3's compile,
 * Debian's Chromium and Postgres): it writes one file when it is done, its exit status on the first
 * line and the path of its log on the second. `npm test` names that file in TEST_WAIT_FOR, and the
 * Debian part's own file (same form) in TEST_WAIT_FOR_PACKAGES: it starts Vitest's other projects
 * once the packages are in (all.ts), and the files that open a database wait for the whole
 * preparation (preparedSetup.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Preparation {
  ok: boolean;
  /** What to show when it failed: the status and the log. */
  report: string;
}

/** Waits until `file` exists, then reads what the preparation said. */
export async function waitForPreparation(file: string, pollMs = 500): Promise<Preparation> {
  while (!existsSync(file)) await sleep(pollMs);
  const [status = '', log = ''] = readFileSync(file, 'utf8').split('\n');
  if (status.trim() === '0') return { ok: true, report: '' };
  const logText = log && existsSync(log) ? readFileSync(log, 'utf8') : '(no log)';
  return {
    ok: false,
    report: `Preparing the machine failed (exit ${status.trim() || '?'}):\n${logText}`,
  };
}
