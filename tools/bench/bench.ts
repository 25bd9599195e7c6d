/**
 * `npm run bench`: builds the site, starts what it needs on 127.0.0.1, measures, prints one table
 * and writes bench-results/bench.json; everything it started is stopped at the end (and on
 * Ctrl-C). See docs/performance.md.
 *
 *  - Pages: Lighthouse (mobile) on every partner's landing page and claim-offer page, each next
 *    to the same prerendered HTML with every script removed (the floor), served by a second
 *    instance of the same server in the same run, page and floor runs interleaved; each page's
 *    first-load JS from the build output (tools/perf/firstLoad.ts). Every page is checked against
 *    config/budgets.json (tools/perf/budgets.ts) and the bench exits with 1 when one is over.
 *  - Slow phone: /demo, /lowes, /showcase and /demo/claim-offer (or BENCH_PAGES) in Chromium with
 *    the CPU slowed 4x and 8x next to their script-free floor, BENCH_THROTTLED_RUNS runs each
 *    (default 5), interleaved; the main thread's time by kind and its long tasks from a trace
 *    (throttledBench.ts). BENCH_SKIP_THROTTLED=1 leaves it out; BENCH_ONLY=throttled (or
 *    `npm run bench -- main-thread`, or `-- --throttled-only`) runs it alone, with the build
 *    unless BENCH_SKIP_BUILD=1. Then INP from visitors: BENCH_INP_VISITS (default 12) first visits
 *    of showcase's tested page at BENCH_INP_RATE (default 4) times slower CPU, not flagged as
 *    automated, that tap, open an answer and page the testimonials; the guardrails report's p75
 *    INP per version and each visit's slowest interaction (fieldInp.ts).
 *  - Server: GET checkout-status and POST signup next to a bare node:http server (serverBench.ts).
 *
 * Settings (environment): BENCH_SKIP_BUILD=1 reuses dist/ and server-dist/; BENCH_RUNS (Lighthouse
 * runs per page and floor, the median LCP kept; default the budget's `lab.runs`, 5); BENCH_CONNECTIONS (default 1000); BENCH_DURATION seconds per load
 * (default 10); BENCH_SKIP_PAGES=1 or BENCH_SKIP_SERVER=1 leave a half out; BENCH_PAGES=/demo,/lowes
 * measures those pages only; BENCH_LIGHTHOUSE_CPU (default 4, mobile Lighthouse's own) sets
 * Lighthouse's simulated CPU slowdown, 8 standing in for a host half as fast (its benchmarkIndex).
 *  - Scale: 1 and 3 instances on SQLite and on Postgres next to the node:http floor, and how many
 *    polling visitors one instance holds (scaleBench.ts). BENCH_VISITORS (default 1000),
 *    BENCH_CAPACITY_MAX (default 16000), DATABASE_URL=postgres://... measures that database
 *    instead of a throwaway cluster, BENCH_SKIP_SCALE=1 leaves it out.
 *  - Partners: the real partners, then BENCH_PARTNERS (default 100) made-up ones, in a temporary
 *    copy: build, prerender, partners:check, Storybook index, first-load JS, visual time per
 *    partner (partnersBench.ts). BENCH_SKIP_PARTNERS=1 leaves it out, BENCH_SKIP_PARTNERS_VISUAL=1
 *    its visual tests; BENCH_ONLY=partners (or `npm run bench -- --partners-only`) runs it alone.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { compressSite } from '../prerender/compress.ts';
import { withoutScripts } from '../prerender/html.ts';
import { pagesToPrerender, variantFile } from '../prerender/pages.ts';
import { loadBudgets, overByteBudget, overLabBudget } from '../perf/budgets.ts';
import { firstLoad } from '../perf/firstLoad.ts';
import {
  auditPage,
  launchChrome,
  lighthouseCpuSlowdown,
  type Chrome,
  type PageAudit,
} from './lighthouse.ts';
import {
  startBuiltNodeFlags,
  startProcess,
  stopAll,
  unlimitedRateEnv,
  type Started,
} from './processes.ts';
import { benchScale, renderScaleTable, type ScaleBenchResult } from './scaleBench.ts';
import { benchServer, type ServerBenchResult } from './serverBench.ts';
import { benchPartners, renderPartnersTable, type PartnersResult } from './partnersBench.ts';
import type { PageResult } from './pageResult.ts';
import { renderTable } from './table.ts';
import { benchFieldInp, renderFieldInpTable, type FieldInpResult } from './fieldInp.ts';
import {
  benchThrottled,
  renderThrottledTable,
  renderTopTasks,
  type ThrottledResult,
} from './throttledBench.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const resultsDir = join(root, 'bench-results');
const distDir = join(root, 'dist');
const floorRoot = join(resultsDir, 'floor-site');
const env = process.env;
const budgets = loadBudgets(root);
const runs = Math.max(1, Number(env.BENCH_RUNS ?? budgets.lab.runs));
const lighthouseCpu = Number(env.BENCH_LIGHTHOUSE_CPU ?? lighthouseCpuSlowdown);
if (!(lighthouseCpu >= 1))
  throw new Error(
    `BENCH_LIGHTHOUSE_CPU must be a slowdown of 1 or more, got ${env.BENCH_LIGHTHOUSE_CPU}`,
  );
const connections = Number(env.BENCH_CONNECTIONS ?? 1000);
const durationSec = Number(env.BENCH_DURATION ?? 10);
const visitors = Number(env.BENCH_VISITORS ?? 1000);
const capacityMax = Number(env.BENCH_CAPACITY_MAX ?? 16000);
// A Postgres to measure (postgres://...) instead of a throwaway cluster. Taken out of the
// environment so the page and server halves keep their own SQLite servers.
const databaseUrl = env.DATABASE_URL?.trim() || undefined;
delete env.DATABASE_URL;
// BENCH_PAGES=/demo,/lowes measures those pages only (a quick before/after of one change).
const onlyPaths = env.BENCH_PAGES?.trim()
  ? new Set(env.BENCH_PAGES.split(',').map((path) => path.trim()))
  : undefined;
const partnersOnly = env.BENCH_ONLY === 'partners' || process.argv.includes('--partners-only');
// The slow-phone part alone: BENCH_ONLY=throttled (or main-thread), `npm run bench -- main-thread`
// or `-- --throttled-only`.
const throttledOnly =
  ['throttled', 'main-thread'].includes(env.BENCH_ONLY ?? '') ||
  process.argv.includes('--throttled-only') ||
  process.argv.includes('main-thread');
const throttledRuns = Math.max(1, Number(env.BENCH_THROTTLED_RUNS ?? 5));
// Visitors of showcase's tested page measured by the guardrails, after the slow-phone runs.
const inpVisits = Math.max(1, Number(env.BENCH_INP_VISITS ?? 12));
const inpRate = Math.max(1, Number(env.BENCH_INP_RATE ?? 4));
// The pages issue 40 measured: two landing pages, the A/B test's and a claim-offer page.
const throttledPaths = onlyPaths
  ? [...onlyPaths]
  : ['/demo', '/lowes', '/showcase', '/demo/claim-offer'];
const partnerCount = Number(env.BENCH_PARTNERS ?? 100);
if (!Number.isInteger(partnerCount) || partnerCount < 1) {
  throw new Error(`BENCH_PARTNERS must be a whole number of partners, got ${env.BENCH_PARTNERS}`);
}
if (
  env.BENCH_ONLY !== undefined &&
  !['partners', 'throttled', 'main-thread'].includes(env.BENCH_ONLY)
) {
  throw new Error(
    `BENCH_ONLY knows "partners" and "throttled" (or "main-thread"); got "${env.BENCH_ONLY}"`,
  );
}

const log = (line: string) => console.log(line);

function run(command: string, args: string[], logFile: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('exit', (code) => {
      writeFileSync(logFile, output);
      if (code === 0) done();
      else fail(new Error(`${command} ${args.join(' ')} failed (see ${logFile}):\n${output}`));
    });
  });
}

/** The built site with every <script> and modulepreload removed from every page. */
function buildFloorSite(): string {
  const floorDist = join(floorRoot, 'dist');
  rmSync(floorRoot, { recursive: true, force: true });
  cpSync(distDir, floorDist, { recursive: true });
  const pages: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.html')) pages.push(path);
      else if (/\.html\.(?:br|gz)$/.test(entry.name)) rmSync(path);
    }
  };
  visit(floorDist);
  for (const page of pages) writeFileSync(page, withoutScripts(readFileSync(page, 'utf8')));
  compressSite(floorDist, (path) => path.endsWith('.html'));
  return floorRoot;
}

async function startSite(
  name: string,
  cwd: string,
): Promise<{ server: Started; baseUrl: string; databasePath: string }> {
  const dataDir = join(resultsDir, 'tmp', name);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const databasePath = join(dataDir, 'homesafe.db');
  // As `npm start` runs it (the built server, node alone, with the `start:built` script's flags), so the
  // memory read is the server's own.
  const server = await startProcess(
    process.execPath,
    [...startBuiltNodeFlags(root), join(root, 'server-dist', 'main.js')],
    {
      cwd,
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: databasePath,
        LOG_LEVEL: 'warn',
        ...unlimitedRateEnv,
      },
      ready: /running at http:\/\/127\.0\.0\.1:\d+/,
    },
  );
  const baseUrl = /http:\/\/127\.0\.0\.1:\d+/.exec(server.readyLine)?.[0];
  if (!baseUrl) throw new Error(`cannot read the address of the ${name} server`);
  return { server, baseUrl, databasePath };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** The run with the median LCP: its scores and sizes are the row. */
function medianRun(audits: [PageAudit, ...PageAudit[]]): PageAudit {
  const lcp = median(audits.map((audit) => audit.lcpMs));
  return audits.find((audit) => audit.lcpMs === lcp) ?? audits[0];
}

/**
 * BENCH_RUNS runs of a page and of its floor, interleaved (page, floor, page, floor...), so a
 * change in the host's load weighs on both alike. Every page run's TBT is kept: its median is the
 * row's TBT (main-thread work varies more than LCP).
 */
async function auditRuns(
  url: string,
  floorUrl: string,
  chrome: Chrome,
): Promise<{ audit: PageAudit; floor: PageAudit; tbtRunsMs: number[] }> {
  const pageRuns: PageAudit[] = [];
  const floorRuns: PageAudit[] = [];
  for (let index = 0; index < runs; index += 1) {
    pageRuns.push(await auditPage(url, chrome, distDir, lighthouseCpu));
    floorRuns.push(await auditPage(floorUrl, chrome, join(floorRoot, 'dist'), lighthouseCpu));
  }
  const [firstPage, ...otherPages] = pageRuns;
  const [firstFloor, ...otherFloors] = floorRuns;
  if (!firstPage || !firstFloor) throw new Error('no Lighthouse run');
  return {
    audit: medianRun([firstPage, ...otherPages]),
    floor: medianRun([firstFloor, ...otherFloors]),
    tbtRunsMs: pageRuns.map((audit) => audit.tbtMs),
  };
}

async function benchPages(siteUrl: string, floorUrl: string): Promise<PageResult[]> {
  const { partners } = loadConfig({ root });
  // Each partner's pages at their own address; the default partner's at the root.
  const pages = pagesToPrerender(partners)
    .filter(
      (page) =>
        page.hostname === '' &&
        !page.path.startsWith('/default') &&
        (onlyPaths === undefined || onlyPaths.has(page.path)),
    )
    // A page with variants is measured in each version too: Lighthouse is a lab tool, which the
    // server gives the control, so a variant is asked for by its review address (?variant=).
    .flatMap((page) => [
      page,
      ...(
        partners.find((partner) => partner.id === page.partner)?.pages[page.pageKey]?.experiment
          ?.variants ?? []
      ).map((variant) => ({
        ...page,
        path: `${page.path}?variant=${variant.id}`,
        file: variantFile(page.file, variant.id),
      })),
    ]);
  const chrome = await launchChrome();
  const results: PageResult[] = [];
  try {
    for (const page of pages) {
      log(`  ${page.path}: Lighthouse on the page and on its script-free floor`);
      const { audit, floor, tbtRunsMs } = await auditRuns(
        `${siteUrl}${page.path}`,
        `${floorUrl}${page.path}`,
        chrome,
      );
      const { gzipBytes, brotliBytes } = firstLoad(
        readFileSync(join(distDir, page.file), 'utf8'),
        distDir,
      );
      const lcpRatio = audit.lcpMs / floor.lcpMs;
      const overBudget = [
        ...overByteBudget(page, { gzipBytes, brotliBytes }, budgets),
        ...overLabBudget(
          {
            name: page.path,
            tbtRunsMs,
            performance: audit.scores.performance,
            lcpOverFloor: lcpRatio,
            cls: audit.cls,
          },
          budgets,
        ),
      ];
      for (const problem of overBudget) log(`    over budget: ${problem}`);
      results.push({
        partner: page.partner,
        page: page.kind,
        path: page.path,
        audit,
        tbtRunsMs,
        floor,
        lcpRatio,
        firstLoad: { gzipBytes, brotliBytes },
        overBudget,
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function runPartners(): Promise<PartnersResult> {
  log(`Partners (the real ones, then ${partnerCount} made-up ones added, in a temporary copy):`);
  const result = await benchPartners({
    root,
    generated: partnerCount,
    visual: env.BENCH_SKIP_PARTNERS_VISUAL !== '1',
    log,
  });
  writeFileSync(join(resultsDir, 'partners.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'partners.md'), `${renderPartnersTable(result)}\n`);
  return result;
}

async function partnersAlone(started: number) {
  const partners = await runPartners();
  const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const seconds = Math.round((Date.now() - started) / 1000);
  log('');
  log(renderPartnersTable(partners));
  log('');
  log(`${machine}. Written to bench-results/partners.json and partners.md in ${seconds} s.`);
}

async function runFieldInp(siteUrl: string): Promise<FieldInpResult> {
  log(`INP from visitors (issue 40 §5, CPU ${inpRate}x, ${inpVisits} visits):`);
  const result = await benchFieldInp({ siteUrl, rate: inpRate, visits: inpVisits, log });
  writeFileSync(join(resultsDir, 'field-inp.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'field-inp.md'), `${renderFieldInpTable(result)}\n`);
  return result;
}

async function runThrottled(siteUrl: string, floorUrl: string): Promise<ThrottledResult> {
  log(`Slow phone (CPU 4x and 8x, ${throttledRuns} runs per page and floor, traced):`);
  const result = await benchThrottled({
    siteUrl,
    floorUrl,
    paths: throttledPaths,
    rates: [4, 8],
    runs: throttledRuns,
    log,
  });
  writeFileSync(join(resultsDir, 'throttled.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(
    join(resultsDir, 'throttled.md'),
    `${renderThrottledTable(result)}\n\n${renderTopTasks(result)}\n`,
  );
  return result;
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const started = Date.now();
  if (partnersOnly) return partnersAlone(started);
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('Building (npm run build; output in bench-results/build.log)...');
    await run('npm', ['run', 'build'], join(resultsDir, 'build.log'));
  }
  let pages: PageResult[] = [];
  let server: ServerBenchResult | undefined;
  let throttled: ThrottledResult | undefined;
  let inp: FieldInpResult | undefined;
  const site = await startSite('site', root);
  if (throttledOnly) {
    const floorSite = await startSite('floor', buildFloorSite());
    throttled = await runThrottled(site.baseUrl, floorSite.baseUrl);
    inp = await runFieldInp(site.baseUrl);
    await stopAll();
    rmSync(join(resultsDir, 'tmp'), { recursive: true, force: true });
    rmSync(floorRoot, { recursive: true, force: true });
    log('');
    log(renderThrottledTable(throttled));
    log('');
    log(renderTopTasks(throttled));
    log('');
    log(renderFieldInpTable(inp));
    log('');
    log(
      `Written to bench-results/throttled.json, throttled.md, field-inp.json and field-inp.md in ${Math.round((Date.now() - started) / 1000)} s.`,
    );
    return;
  }
  if (env.BENCH_SKIP_PAGES !== '1' || env.BENCH_SKIP_THROTTLED !== '1') {
    const floorSite = await startSite('floor', buildFloorSite());
    if (env.BENCH_SKIP_PAGES !== '1') {
      log('Pages (Lighthouse, mobile):');
      pages = await benchPages(site.baseUrl, floorSite.baseUrl);
    }
    if (env.BENCH_SKIP_THROTTLED !== '1') {
      throttled = await runThrottled(site.baseUrl, floorSite.baseUrl);
      inp = await runFieldInp(site.baseUrl);
    }
    await floorSite.server.stop();
  }
  if (env.BENCH_SKIP_SERVER !== '1') {
    log(`Server (${connections} connections, ${durationSec} s per load):`);
    server = await benchServer({
      baseUrl: site.baseUrl,
      pid: site.server.pid,
      databasePath: site.databasePath,
      connections,
      durationSec,
      log,
    });
  }
  await site.server.stop();
  let scale: ScaleBenchResult | undefined;
  if (env.BENCH_SKIP_SCALE !== '1') {
    log(`Scale (1 and 3 instances, ${visitors} polling visitors, ${durationSec} s per load):`);
    scale = await benchScale({
      root,
      workDir: join(resultsDir, 'tmp', 'scale'),
      connections,
      visitors,
      durationSec,
      databaseUrl,
      capacityMax,
      log,
    });
  }
  await stopAll();
  rmSync(join(resultsDir, 'tmp'), { recursive: true, force: true });
  rmSync(floorRoot, { recursive: true, force: true });
  const partners = env.BENCH_SKIP_PARTNERS === '1' ? undefined : await runPartners();

  const benchmarkIndex = median(pages.map((page) => page.audit.benchmarkIndex));
  const machine = [
    `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    ...(pages.length > 0
      ? [
          `Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)}, CPU slowdown ${lighthouseCpu}x${
            lighthouseCpu === lighthouseCpuSlowdown
              ? ''
              : ` (mobile's own is ${lighthouseCpuSlowdown}x)`
          }`,
        ]
      : []),
    `load average at the end ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  ].join(', ');
  const report = {
    date: new Date().toISOString(),
    machine,
    // The host's load average while the bench ran: timed figures move with it.
    loadAverage: loadavg(),
    lighthouseRunsPerPage: runs,
    pages,
    throttled,
    inp,
    server,
    scale,
    partners,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(join(resultsDir, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  log('');
  log(renderTable(pages, server));
  if (throttled) {
    log('');
    log(renderThrottledTable(throttled));
    log('');
    log(renderTopTasks(throttled));
  }
  if (inp) {
    log('');
    log(renderFieldInpTable(inp));
  }
  if (scale) {
    log('');
    log(renderScaleTable(scale));
  }
  log('');
  if (partners) {
    log(renderPartnersTable(partners));
    log('');
  }
  log(`${machine}. Written to bench-results/bench.json in ${report.seconds} s.`);
  const over = pages.flatMap((page) => page.overBudget);
  if (over.length > 0) {
    log('');
    log(`Over the budgets of config/budgets.json (${over.length}):`);
    for (const problem of over) log(`  ${problem}`);
    process.exitCode = 1;
  } else if (pages.length > 0) {
    log(`Every page measured is within config/budgets.json.`);
  }
}

const interrupted = () => {
  void stopAll().then(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
