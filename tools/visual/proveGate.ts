/**
 * Proof that the visual gate bites (`npm run test:visual:gate`, the last step of `npm test`), for
 * both halves of the visual policy (docs/testing.md; tools/storybook/visualPolicy.ts).
 *
 * It copies the partner files to a temporary folder and adds two partners outside the coverage
 * set there: `gate-001`, whose brand colour will change, and `gate-002`, which stays as it is.
 * Both are twins of demo (its file under another id, without host names), so they render exactly
 * as demo does and demo's committed baselines are theirs too: no run is spent recording them.
 * Their stories are generated from that folder (VISUAL_PARTNERS_DIR, see vitest.config.ts) and
 * compared with a scratch copy of the committed baselines (VISUAL_BASELINE_DIR; inside the
 * project, where the browser may write).
 * It changes one theme colour (the brand colour) of cor-freedom, a partner of the coverage set,
 * and of gate-001, and runs a few visual tests (storiesRun) of cor-freedom's sections (at 1024 px
 * only, to keep it cheap), of lowes's (a real partner outside the set, at its own widths) and of
 * both twins' stories (at their own widths) against those baselines, CI mode (compared, never
 * written). It passes only if some stories of cor-freedom and of gate-001, among them each one's
 * whole page, fail with a screenshot mismatch, cor-freedom's footer (no brand colour in it) and
 * every story of lowes and of gate-002 still match: the gate sees a one-colour change, in and
 * outside the coverage set, and only where it happened. The diff images it provokes are left in
 * test-results/visual-gate/ (ignored by git) for a look.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePartnerStories } from '../storybook/generatePartnerStories.ts';
import { readCoverage } from '../storybook/visualPolicy.ts';
import { visualTestArgs } from './visualTestArgs.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Far from every partner's brand colour (the comparator ignores a pixel that shifts a little).
const colour = { key: 'brandColor', value: '#0F5F6B' } as const;
/** A partner of the coverage set that changes, and a real partner outside it that does not. */
const covered = { changed: 'cor-freedom', control: 'lowes' } as const;
/** Two made-up partners outside the coverage set: gate-001 changes, gate-002 does not. */
const [outside, outsideControl] = ['gate-001', 'gate-002'] as const;
const width = '1024';
/**
 * The stories the proof runs, of each partner that has them: a section that shows the brand
 * colour (Hero), one that does not (Footer: the change must not show where it did not happen),
 * the whole page, and the claim-offer page (the one journey story a partner outside the coverage
 * set has). Every other story would only say the same again: the coverage partner's other
 * sections and lowes's Spanish pages took a third of the proof's time.
 */
const storiesRun = ['Hero', 'Footer', 'Full Page', 'Claim Offer'] as const;

interface AssertionResult {
  title: string;
  status: string;
  failureMessages: string[];
}
interface JsonReport {
  testResults: {
    name: string;
    status?: string;
    message?: string;
    assertionResults: AssertionResult[];
  }[];
}

/** The proof's own failure: reported, and the scratch folders still cleaned up. */
class GateFailure extends Error {}

function fail(message: string): never {
  throw new GateFailure(message);
}

const storyFiles = (id: string, kinds: ('blocks' | 'journey')[]) =>
  kinds.map((kind) => `stories/generated/${id}.${kind}.stories.tsx`);

/** Runs the Storybook project's visual tests of `files` once; returns the JSON report. */
function runVisualOnce(files: string[], env: NodeJS.ProcessEnv, update: boolean): JsonReport {
  const reportFile = join(work, 'report.json');
  rmSync(reportFile, { force: true });
  const args = visualTestArgs(root, files, reportFile, update, storiesRun);
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) fail(run.error.message);
  process.stderr.write(withoutTwinWarnings(run.stderr.toString()));
  try {
    return JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  } catch {
    return fail(`the visual tests wrote no report (exit code ${run.status})`);
  }
}

/**
 * The run's errors without the partner checker's warnings about the twins: they share demo's
 * name and pictures on purpose (their pages must look exactly like demo's), and each of the
 * run's processes repeated a dozen lines of it, burying what a reader of the log looks for.
 */
function withoutTwinWarnings(output: string): string {
  const twins = [outside, outsideControl].map((id) => `/${id}.json`);
  const lines = output.split('\n');
  const kept = lines.filter(
    (line) => !(line.startsWith('warning: ') && twins.some((twin) => line.includes(twin))),
  );
  const left = lines.length - kept.length;
  if (left > 0)
    kept.unshift(
      `(${left} warnings about the twins ${outside} and ${outsideControl} of ${twinOf} not shown)`,
    );
  return kept.join('\n');
}

/**
 * Runs the visual tests of `files`; a file the browser could not import (seen once on a loaded
 * machine: every made-up partner's file at the run's start, none of its stories run) is run once
 * more on its own, so the proof judges stories, not a start-up race.
 */
function runVisual(files: string[], env: NodeJS.ProcessEnv, update: boolean): JsonReport {
  const report = runVisualOnce(files, env, update);
  const unimported = report.testResults.filter(
    (file) => file.assertionResults.length === 0 && /Failed to import/.test(file.message ?? ''),
  );
  if (unimported.length === 0) return report;
  const again = unimported.map((file) => relative(root, file.name));
  console.log(`Visual gate: ${again.join(', ')} did not import; running them once more...`);
  const retried = runVisualOnce(again, env, update);
  return {
    testResults: [
      ...report.testResults.filter((file) => !unimported.includes(file)),
      ...retried.testResults,
    ],
  };
}

const resultsOf = (report: JsonReport, id: string) =>
  report.testResults
    .filter(
      (result) => /\/([a-z0-9-]+)\.(?:blocks|journey)\.stories\.tsx$/.exec(result.name)?.[1] === id,
    )
    .flatMap((result) => result.assertionResults)
    // The stories left out of the run (storiesRun) are reported as skipped.
    .filter((result) => !['skipped', 'pending', 'todo'].includes(result.status));

const isMismatch = (result: AssertionResult) =>
  result.failureMessages.some((message) => message.includes('Screenshot does not match'));
const titles = (results: AssertionResult[]) => results.map((result) => result.title).join(', ');

/** The changed partner's stories fail with a mismatch (its whole page among them), and only so. */
/** What the report says about the files that ran, for a run that lacks a partner's stories. */
const filesRun = (report: JsonReport) =>
  report.testResults
    .map((file) => `${file.name}: ${file.status ?? '?'} ${file.message ?? ''}`.trim())
    .join('\n');

function expectNoticed(report: JsonReport, id: string, unchanged?: string): string {
  const results = resultsOf(report, id);
  if (results.length === 0) fail(`no ${id} story ran; files:\n${filesRun(report)}`);
  const failures = results.filter((result) => result.status === 'failed');
  if (failures.length === 0) fail(`no ${id} story noticed the new colour`);
  if (unchanged !== undefined) {
    const story = results.find((result) => result.title === unchanged);
    if (story?.status !== 'passed')
      fail(
        `${id}'s ${unchanged} story, which shows no brand colour, did not pass (${story?.status ?? 'not run'})`,
      );
  }
  // The whole page is compared more loosely than its sections (generatePartnerStories.ts).
  if (!failures.some((result) => result.title === 'Full Page')) {
    fail(`${id}'s Full Page story did not notice the new colour`);
  }
  const other = failures.filter((result) => !isMismatch(result));
  if (other.length > 0) {
    fail(
      `${id} stories failed for another reason: ${titles(other)}\n` +
        other.flatMap((result) => result.failureMessages).join('\n'),
    );
  }
  return `${failures.length} of ${results.length} ${id} stories changed (${titles(failures)})`;
}

/** The unchanged partner's stories all pass. */
function expectUnchanged(report: JsonReport, id: string, because: string): string {
  const results = resultsOf(report, id);
  if (results.length === 0) fail(`no ${id} story ran; files:\n${filesRun(report)}`);
  const failures = results.filter((result) => result.status !== 'passed');
  if (failures.length > 0) {
    fail(
      `${id} stories failed although ${because}: ${titles(failures)}\n` +
        failures.flatMap((result) => result.failureMessages).join('\n'),
    );
  }
  return `all ${results.length} ${id} stories unchanged`;
}

/** The partner (outside the coverage set) the two made-up partners are twins of. */
const twinOf = 'demo';

/**
 * Writes `id` as a twin of `source`: the same file under another id, without host names and
 * with campaign ids of its own (what must be unique), so its pages look exactly like the source's.
 */
function writeTwin(partnersDir: string, source: string, id: string): void {
  const partner = JSON.parse(readFileSync(join(partnersDir, `${source}.json`), 'utf8')) as {
    id: string;
    hosts?: string[];
    offer: { campaignId?: Record<string, string> };
  };
  partner.id = id;
  partner.hosts = [];
  if (partner.offer.campaignId) {
    partner.offer.campaignId = Object.fromEntries(
      Object.entries(partner.offer.campaignId).map(([env, campaign]) => [env, `${campaign}-${id}`]),
    );
  }
  writeFileSync(join(partnersDir, `${id}.json`), `${JSON.stringify(partner, null, 2)}\n`);
}

function changeColour(partnersDir: string, id: string): string {
  const file = join(partnersDir, `${id}.json`);
  const partner = JSON.parse(readFileSync(file, 'utf8')) as { theme: Record<string, string> };
  const before = partner.theme[colour.key];
  if (!before || before.toUpperCase() === colour.value) fail(`unexpected ${id} ${colour.key}`);
  partner.theme[colour.key] = colour.value;
  writeFileSync(file, `${JSON.stringify(partner, null, 2)}\n`);
  return `${id}'s ${colour.key} ${before} -> ${colour.value}`;
}

const work = mkdtempSync(join(tmpdir(), 'homesafe-visual-gate-'));
// Inside the project: the browser may only write files where Vite serves from.
const diffDir = join(root, 'test-results', 'visual-gate');
const baselineDir = join(root, 'test-results', 'visual-gate-baselines');
rmSync(diffDir, { recursive: true, force: true });
rmSync(baselineDir, { recursive: true, force: true });
try {
  const coverage = readCoverage();
  if (!coverage.has(covered.changed) || coverage.has(covered.control) || coverage.has(twinOf)) {
    fail(
      `${covered.changed} must be in the coverage set, ${covered.control} and ${twinOf} outside it`,
    );
  }
  const partnersDir = join(work, 'partners');
  cpSync(join(root, 'partners'), partnersDir, { recursive: true });
  const committed = join(root, 'tests', 'visual', '__screenshots__', 'chromium-linux');
  const scratch = join(baselineDir, 'chromium-linux');
  for (const id of Object.values(covered)) {
    cpSync(join(committed, id), join(scratch, id), { recursive: true });
  }
  for (const id of [outside, outsideControl]) {
    writeTwin(partnersDir, twinOf, id);
    cpSync(join(committed, twinOf), join(scratch, id), { recursive: true });
  }
  const env = {
    VISUAL_PARTNERS_DIR: partnersDir,
    VISUAL_BASELINE_DIR: baselineDir,
    VISUAL_DIFF_DIR: diffDir,
    VISUAL_WIDTHS: width,
  };
  const outsideFiles = [outside, outsideControl].flatMap((id) =>
    storyFiles(id, ['blocks', 'journey']),
  );

  const changes = [covered.changed, outside].map((id) => changeColour(partnersDir, id));
  console.log(
    `Visual gate: ${changes.join(', ')} (temporary copy); checking ${covered.changed} and ` +
      `${covered.control} stories (${covered.changed}'s at ${width} px), and ${outside} and ` +
      `${outsideControl} at their own widths...`,
  );
  const report = runVisual(
    [
      ...storyFiles(covered.changed, ['blocks']),
      ...storyFiles(covered.control, ['blocks', 'journey']),
      ...outsideFiles,
    ],
    { ...env, CI: '1' },
    false,
  );
  const lines = [
    expectNoticed(report, covered.changed, 'Footer'),
    expectUnchanged(report, covered.control, `${covered.control} did not change`),
    expectNoticed(report, outside),
    expectUnchanged(report, outsideControl, `${outsideControl} did not change`),
  ];
  console.log(`Visual gate bites: ${lines.join('; ')}. Diffs: ${diffDir}`);
} catch (error) {
  if (!(error instanceof GateFailure)) throw error;
  console.error(`\nThe visual gate did not bite as expected: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(baselineDir, { recursive: true, force: true });
  // The stories of the real partner files again (the made-up ones' are gone).
  generatePartnerStories(root);
}
