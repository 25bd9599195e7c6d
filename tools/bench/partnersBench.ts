/**
 * The benchmark's scale scenario (docs/performance.md): what one more partner costs. In a
 * temporary copy of the project (node_modules linked, not copied) it measures the real partners
 * alone, then with N made-up partners added (copies of demo with their own id, name, host, campaign
 * ids and text of the same lengths, tools/partnerCopies.ts):
 *
 *  - `partners:check`: the command's wall time (tsx start included, as a developer waits for it);
 *  - `vite build`: wall time, and the prerender step's own time from its log line;
 *  - Storybook index: the stories generated from the partner files (the visual policy decides how
 *    many) and each stories file indexed by Storybook's own CSF indexer (`readCsf(...).parse()`,
 *    what `storybook dev` and `build` do per file), in this process: the part of Storybook's start
 *    that grows with partners, without its fixed bundling;
 *  - first-load JS: for each partner's prerendered landing page, the JavaScript files it names
 *    before any interaction (tools/perf/firstLoad.ts), gzipped at level 9 and as sent (brotli),
 *    summed;
 *  - visual tests of partners outside the coverage set: in the project itself (the browser writes
 *    only there), serving the copy's partner files (VISUAL_PARTNERS_DIR), two made-up partners'
 *    baselines recorded into a scratch folder and then compared as CI compares them. One more
 *    partner costs its own tests' time: the faster of the two is kept, as the first stories of a
 *    run also pay for the browser's warm-up (fetching and compiling the app's modules); the whole
 *    run's time, start-up included, is reported too, and the baselines' size per partner.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { copyId, writePartnerCopies } from '../partnerCopies.ts';
import { generatePartnerStories } from '../storybook/generatePartnerStories.ts';
import { indexStories } from '../storybook/storyIndex.ts';
import { firstLoad } from '../perf/firstLoad.ts';
import { runForOutput } from '../runForOutput.ts';
import { visualTestArgs } from '../visual/visualTestArgs.ts';

export interface FirstLoadSpread {
  /** Landing pages measured (one per partner). */
  pages: number;
  /** Gzip (level 9). */
  medianBytes: number;
  minBytes: number;
  maxBytes: number;
  /** As the server sends them (brotli). */
  brotli: { medianBytes: number; minBytes: number; maxBytes: number };
}

export interface ScaleColumn {
  label: string;
  partners: number;
  partnersCheckMs: number;
  buildMs: number;
  prerenderMs: number | undefined;
  prerenderedPages: number | undefined;
  storybook: { ms: number; files: number; stories: number };
  firstLoad: FirstLoadSpread;
}

export interface VisualPerPartner {
  partners: string[];
  /** Stories and screenshots per partner. */
  stories: number;
  screenshots: number;
  /** Each partner's tests in the compare run, summed per partner. */
  partnerTestsMs: number[];
  /** The faster partner's: what one more partner adds to a run. */
  testsMs: number;
  /** The compare run from start to end, Vitest's and the browser's start included. */
  runMs: number;
  /** Baselines per partner (the larger of the two). */
  baselineBytes: number;
}

export interface PartnersResult {
  generated: number;
  columns: ScaleColumn[];
  visual: VisualPerPartner | undefined;
}

/** What is not copied into the temporary project (big, generated, or another checkout's). */
const notCopied = new Set([
  'node_modules',
  '.git',
  'dist',
  'server-dist',
  'storybook-static',
  'test-results',
  'bench-results',
  'data',
  'coverage',
  join('stories', 'generated'),
  join('tests', 'visual', '__screenshots__'),
]);

function copyProject(root: string, target: string): void {
  cpSync(root, target, {
    recursive: true,
    filter: (source) => !notCopied.has(relative(root, source)),
  });
  symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'), 'dir');
}

interface Timed {
  ms: number;
  output: string;
}

async function timed(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Timed> {
  const started = performance.now();
  const { code, output } = await runForOutput(command, args, {
    cwd,
    env: { ...process.env, ...env },
  });
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`${args.join(' ')} failed in ${cwd} (exit ${code}):\n${output}`);
  return { ms, output };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

function measureFirstLoad(dist: string, ids: string[]): FirstLoadSpread {
  const loads = ids.map((id) => {
    const page = id === 'default' ? join(dist, 'index.html') : join(dist, id, 'index.html');
    return firstLoad(readFileSync(page, 'utf8'), dist);
  });
  const spread = (sizes: number[]) => ({
    medianBytes: median(sizes),
    minBytes: Math.min(...sizes),
    maxBytes: Math.max(...sizes),
  });
  return {
    pages: loads.length,
    ...spread(loads.map((load) => load.gzipBytes)),
    brotli: spread(loads.map((load) => load.brotliBytes)),
  };
}

async function timedStoryIndex(project: string): Promise<ScaleColumn['storybook']> {
  const started = performance.now();
  const { files, stories } = await indexStories(project);
  return { ms: performance.now() - started, files, stories: stories.length };
}

function partnerIds(partnersDir: string): string[] {
  return readdirSync(partnersDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

async function measureColumn(
  root: string,
  project: string,
  label: string,
  log: (line: string) => void,
): Promise<ScaleColumn> {
  const ids = partnerIds(join(project, 'partners'));
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  log(`  ${label}: partners:check...`);
  const check = await timed(process.execPath, [tsx, 'tools/partners-check.ts'], project);
  log(`  ${label}: vite build...`);
  rmSync(join(project, 'dist'), { recursive: true, force: true });
  const build = await timed(process.execPath, [vite, 'build'], project);
  const prerender = /prerendered (\d+) pages\b.*? in (\d+) ms/.exec(build.output);
  log(`  ${label}: Storybook index...`);
  const storybook = await timedStoryIndex(project);
  return {
    label,
    partners: ids.length,
    partnersCheckMs: check.ms,
    buildMs: build.ms,
    prerenderMs: prerender ? Number(prerender[2]) : undefined,
    prerenderedPages: prerender ? Number(prerender[1]) : undefined,
    storybook,
    firstLoad: measureFirstLoad(join(project, 'dist'), ids),
  };
}

interface VitestReport {
  testResults: {
    name: string;
    assertionResults: { status: string; duration?: number | null }[];
  }[];
}

function pngBytes(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  const files = readdirSync(dir, { withFileTypes: true, recursive: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.png'),
  );
  return {
    files: files.length,
    bytes: files.reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0),
  };
}

async function measureVisual(
  root: string,
  partnersDir: string,
  partners: string[],
  log: (line: string) => void,
): Promise<VisualPerPartner> {
  const scratch = join(root, 'test-results', 'bench-visual');
  const baselines = join(scratch, 'baselines');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const reportFile = join(scratch, 'report.json');
  const files = partners.flatMap((partner) =>
    ['blocks', 'journey'].map((kind) => `stories/generated/${partner}.${kind}.stories.tsx`),
  );
  const run = (update: boolean) =>
    timed(process.execPath, visualTestArgs(root, files, reportFile, update), root, {
      VISUAL_PARTNERS_DIR: partnersDir,
      VISUAL_BASELINE_DIR: baselines,
      VISUAL_DIFF_DIR: join(scratch, 'diffs'),
      ...(update ? {} : { CI: '1' }),
    });
  try {
    log(`  visual tests of ${partners.join(' and ')}: recording their baselines...`);
    await run(true);
    log(`  visual tests of ${partners.join(' and ')}: comparing, as CI does...`);
    const compare = await run(false);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
    const ofPartner = (partner: string) =>
      report.testResults
        .filter((file) => file.name.includes(`/${partner}.`))
        .flatMap((file) => file.assertionResults);
    const results = partners.map(ofPartner);
    const failed = results.flat().filter((result) => result.status !== 'passed');
    if (results.some((list) => list.length === 0) || failed.length > 0) {
      throw new Error(`the made-up partners' visual tests did not all pass (${reportFile})`);
    }
    const partnerTestsMs = results.map((list) =>
      list.reduce((sum, result) => sum + (result.duration ?? 0), 0),
    );
    const sizes = partners.map((partner) => pngBytes(join(baselines, 'chromium-linux', partner)));
    return {
      partners,
      stories: Math.max(...results.map((list) => list.length)),
      screenshots: Math.max(...sizes.map((size) => size.files)),
      partnerTestsMs,
      testsMs: Math.min(...partnerTestsMs),
      runMs: compare.ms,
      baselineBytes: Math.max(...sizes.map((size) => size.bytes)),
    };
  } finally {
    rmSync(baselines, { recursive: true, force: true });
    // The stories of the real partner files again.
    generatePartnerStories(root);
  }
}

export async function benchPartners(options: {
  root: string;
  generated: number;
  visual: boolean;
  log: (line: string) => void;
}): Promise<PartnersResult> {
  const { root, generated, log } = options;
  const project = mkdtempSync(join(tmpdir(), 'homesafe-scale-'));
  try {
    copyProject(root, project);
    const partnersDir = join(project, 'partners');
    const real = partnerIds(partnersDir).length;
    const columns = [await measureColumn(root, project, `${real} partners`, log)];
    writePartnerCopies(partnersDir, generated);
    columns.push(
      await measureColumn(
        root,
        project,
        `${real + generated} partners (${generated} generated)`,
        log,
      ),
    );
    const visual = options.visual
      ? await measureVisual(root, partnersDir, [copyId(1), copyId(2)], log)
      : undefined;
    return { generated, columns, visual };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

const seconds = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(1));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The scale table (markdown): one row per measure, one column per partner count. */
export function renderPartnersTable(result: PartnersResult): string {
  const { columns, visual } = result;
  const row = (name: string, cells: string[]) => `| ${[name, ...cells].join(' | ')} |`;
  const each = (cell: (column: ScaleColumn) => string) => columns.map(cell);
  const onlyLast = (value: string) =>
    columns.map((_, index) => (index === columns.length - 1 ? value : '–'));
  const lines = [
    row(
      'Measure',
      each((column) => column.label),
    ),
    row(
      '---',
      each(() => '---'),
    ),
    row(
      '`partners:check`, s',
      each((column) => seconds(column.partnersCheckMs)),
    ),
    row(
      '`vite build` (prerender included), s',
      each((column) => seconds(column.buildMs)),
    ),
    row(
      'prerender, s (pages)',
      each((column) => `${seconds(column.prerenderMs)} (${column.prerenderedPages ?? '–'})`),
    ),
    row(
      'Storybook index: stories (files), s',
      each(
        (column) =>
          `${column.storybook.stories} (${column.storybook.files}), ${seconds(column.storybook.ms)}`,
      ),
    ),
    row(
      'first-load JS per landing page, KB gzip: median (min–max)',
      each(
        ({ firstLoad }) =>
          `${kb(firstLoad.medianBytes)} (${kb(firstLoad.minBytes)}–${kb(firstLoad.maxBytes)})`,
      ),
    ),
    row(
      'first-load JS per landing page, KB transferred (brotli): median (min–max)',
      each(
        ({ firstLoad: { brotli } }) =>
          `${kb(brotli.medianBytes)} (${kb(brotli.minBytes)}–${kb(brotli.maxBytes)})`,
      ),
    ),
  ];
  if (visual) {
    lines.push(
      row(
        `visual tests of one more partner (${visual.stories} stories, ${visual.screenshots} screenshots), s: its tests (both measured), the run of two`,
        onlyLast(
          `${seconds(visual.testsMs)} (${visual.partnerTestsMs.map(seconds).join(', ')}), ${seconds(visual.runMs)}`,
        ),
      ),
      row('visual baselines of one more partner, KB', onlyLast(kb(visual.baselineBytes))),
    );
  }
  return lines.join('\n');
}
