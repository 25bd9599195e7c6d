/**
 * The first setup file of the projects whose tests open a database (the server and end-to-end
 * projects). `.ci/run` compiles better-sqlite3's addon in the background; `npm test` starts Vitest
 * as soon as Debian's packages are in (the browsers and Postgres that Vitest's start needs), so
 * Vitest's own start and the browser project's files run beside the compile, and a file that opens
 * a database waits here for the rest of the preparation (TEST_WAIT_FOR, preparation.ts) before its
 * modules load. A preparation that failed fails the file with its log. Without TEST_WAIT_FOR there
 * is nothing to wait for.
 */
import { waitForPreparation } from './preparation.ts';

const file = process.env.TEST_WAIT_FOR;
if (file) {
  const { ok, report } = await waitForPreparation(file);
  if (!ok) throw new Error(report);
}
