/**
 * Proof that the visual gate bites (`npm run test:visual:gate`, the last step of `npm test`).
 *
 * It copies the partner files to a temporary folder, changes one theme colour of one partner there
 * (demo's brand colour), and runs the visual tests of that partner's section stories and of a
 * second partner's against the committed baselines, serving the changed copy (VISUAL_PARTNERS_DIR,
 * see vitest.config.ts). It passes only if some of demo's stories fail with a screenshot mismatch
 * and every story of the other partner still matches: the gate sees a one-colour change, and sees
 * it only where it happened. One width (1024 px) keeps it cheap. The baselines are compared, never
 * written (CI mode); the diff images it provokes are left in test-results/visual-gate/ (ignored by
 * git) for a look.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const changed = { partner: 'demo', colour: 'brandColor', value: '#7A1F5C' } as const;
const control = 'lowes';
const width = '1024';

interface AssertionResult {
  title: string;
  status: string;
  failureMessages: string[];
}
interface JsonReport {
  testResults: { name: string; assertionResults: AssertionResult[] }[];
}

function fail(message: string): never {
  console.error(`\nThe visual gate did not bite as expected: ${message}`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'homesafe-visual-gate-'));
// Inside the project: the browser may only write files where Vite serves from.
const diffDir = join(root, 'test-results', 'visual-gate');
rmSync(diffDir, { recursive: true, force: true });
try {
  const partnersDir = join(work, 'partners');
  cpSync(join(root, 'partners'), partnersDir, { recursive: true });
  const file = join(partnersDir, `${changed.partner}.json`);
  const partner = JSON.parse(readFileSync(file, 'utf8')) as { theme: Record<string, string> };
  const before = partner.theme[changed.colour];
  if (!before || before.toUpperCase() === changed.value) fail(`unexpected ${changed.colour}`);
  partner.theme[changed.colour] = changed.value;
  writeFileSync(file, `${JSON.stringify(partner, null, 2)}\n`);
  console.log(
    `Visual gate: ${changed.partner}'s ${changed.colour} ${before} -> ${changed.value} (temporary copy); ` +
      `checking ${changed.partner} and ${control} section stories at ${width} px...`,
  );

  const reportFile = join(work, 'report.json');
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'storybook',
      '--reporter=json',
      `--outputFile=${reportFile}`,
      `stories/generated/${changed.partner}.sections.stories.tsx`,
      `stories/generated/${control}.sections.stories.tsx`,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        CI: '1',
        VISUAL_PARTNERS_DIR: partnersDir,
        VISUAL_WIDTHS: width,
        VISUAL_DIFF_DIR: diffDir,
      },
    },
  );
  if (run.error) fail(run.error.message);

  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  const resultsOf = (id: string) =>
    report.testResults
      .filter((result) => result.name.endsWith(`/${id}.sections.stories.tsx`))
      .flatMap((result) => result.assertionResults);
  const changedResults = resultsOf(changed.partner);
  const controlResults = resultsOf(control);
  if (changedResults.length === 0 || controlResults.length === 0) fail('no stories ran');

  const isMismatch = (result: AssertionResult) =>
    result.failureMessages.some((message) => message.includes('Screenshot does not match'));
  const changedFailures = changedResults.filter((result) => result.status === 'failed');
  const otherFailures = changedFailures.filter((result) => !isMismatch(result));
  const controlFailures = controlResults.filter((result) => result.status !== 'passed');

  if (changedFailures.length === 0) fail(`no ${changed.partner} story noticed the new colour`);
  // The whole page is compared more loosely than its sections (generatePartnerStories.ts).
  if (!changedFailures.some((result) => result.title === 'Full Page')) {
    fail(`${changed.partner}'s Full Page story did not notice the new colour`);
  }
  if (otherFailures.length > 0) {
    fail(
      `${changed.partner} stories failed for another reason: ${otherFailures.map((result) => result.title).join(', ')}\n` +
        otherFailures.flatMap((result) => result.failureMessages).join('\n'),
    );
  }
  if (controlFailures.length > 0) {
    fail(
      `${control} stories failed although ${control} did not change: ${controlFailures.map((result) => result.title).join(', ')}\n` +
        controlFailures.flatMap((result) => result.failureMessages).join('\n'),
    );
  }
  console.log(
    `Visual gate bites: ${changedFailures.length} of ${changedResults.length} ${changed.partner} stories changed ` +
      `(${changedFailures.map((result) => result.title).join(', ')}); ` +
      `all ${controlResults.length} ${control} stories unchanged. Diffs: ${diffDir}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
