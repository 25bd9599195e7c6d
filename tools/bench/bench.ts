/**
 * `npm run bench`: builds the site, starts what it needs on 127.0.0.1, measures, prints one table
 * and writes bench-results/bench.json; everything it started is stopped at the end (and on
 * Ctrl-C). See README, "Performance".
 *
 *  - Pages: Lighthouse (mobile) on every partner's landing page and claim-offer page, each next
 *    to the same prerendered HTML with every script removed (the floor), served by a second
 *    instance of the same server in the same run.
 *  - Server: GET checkout-status and POST signup next to a bare node:http server (serverBench.ts).
 *  - Scale: what more partners cost, the real ones against BENCH_SCALE (100) made-up ones added
 *    (scale.ts): partners:check, vite build and prerender, Storybook's index, first-load JS per
 *    page, and the visual tests of one more partner.
 *
 * Settings (environment): BENCH_SKIP_BUILD=1 reuses dist/ and server-dist/; BENCH_RUNS (Lighthouse
 * runs per page and floor, the median LCP kept, default 3); BENCH_CONNECTIONS (default 1000); BENCH_DURATION seconds per load
 * (default 10); BENCH_SKIP_PAGES=1, BENCH_SKIP_SERVER=1 or BENCH_SKIP_SCALE=1 leave a part out;
 * BENCH_ONLY=scale (or `npm run bench -- --scale-only`) runs the scale scenario alone;
 * BENCH_SCALE=N sets how many partners it adds; BENCH_SKIP_SCALE_VISUAL=1 leaves out its visual
 * tests (the slowest part).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { compressSite } from '../prerender/compress.ts';
import { withoutScripts } from '../prerender/html.ts';
import { pagesToPrerender, type PrerenderPage } from '../prerender/pages.ts';
import { auditPage, launchChrome, type Chrome, type PageAudit } from './lighthouse.ts';
import { startProcess, stopAll, type Started } from './processes.ts';
import { benchServer, type ServerBenchResult } from './serverBench.ts';
import { benchScale, renderScaleTable, type ScaleResult } from './scale.ts';
import { renderTable } from './table.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const resultsDir = join(root, 'bench-results');
const distDir = join(root, 'dist');
const floorRoot = join(resultsDir, 'floor-site');
const env = process.env;
const runs = Math.max(1, Number(env.BENCH_RUNS ?? 3));
const connections = Number(env.BENCH_CONNECTIONS ?? 1000);
const durationSec = Number(env.BENCH_DURATION ?? 10);
const scaleOnly = env.BENCH_ONLY === 'scale' || process.argv.includes('--scale-only');
const scaleCount = Number(env.BENCH_SCALE ?? 100);
if (!Number.isInteger(scaleCount) || scaleCount < 1) {
  throw new Error(`BENCH_SCALE must be a whole number of partners, got ${env.BENCH_SCALE}`);
}
if (env.BENCH_ONLY !== undefined && env.BENCH_ONLY !== 'scale') {
  throw new Error(`BENCH_ONLY knows one part, "scale"; got "${env.BENCH_ONLY}"`);
}

const log = (line: string) => console.log(line);

export interface PageResult {
  partner: string;
  page: PrerenderPage['kind'];
  path: string;
  audit: PageAudit;
  floor: PageAudit;
  lcpRatio: number;
}

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

/** The Node flags of package.json's `start:built` script ("node <flags> server-dist/main.js"). */
function startBuiltNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const serve = manifest.scripts?.['start:built'] ?? '';
  const match = /^node((?:\s+--[\w-]+(?:=\S+)?)*)\s+server-dist\/main\.js$/.exec(serve);
  if (!match)
    throw new Error(
      `package.json "start:built" is not "node [flags] server-dist/main.js": ${serve}`,
    );
  return match[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
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
    [...startBuiltNodeFlags(), join(root, 'server-dist', 'main.js')],
    {
      cwd,
      env: { PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: databasePath, LOG_LEVEL: 'warn' },
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

/** The run with the median LCP of BENCH_RUNS runs. */
async function auditMedian(url: string, chrome: Chrome, dist: string): Promise<PageAudit> {
  let audits: [PageAudit, ...PageAudit[]] = [await auditPage(url, chrome, dist)];
  for (let index = 1; index < runs; index += 1) {
    audits = [...audits, await auditPage(url, chrome, dist)];
  }
  const lcp = median(audits.map((audit) => audit.lcpMs));
  return audits.find((audit) => audit.lcpMs === lcp) ?? audits[0];
}

async function benchPages(siteUrl: string, floorUrl: string): Promise<PageResult[]> {
  const { partners } = loadConfig({ root });
  // Each partner's pages at their own address; the default partner's at the root.
  const pages = pagesToPrerender(partners).filter(
    (page) => page.hostname === '' && !page.path.startsWith('/default'),
  );
  const chrome = await launchChrome();
  const results: PageResult[] = [];
  try {
    for (const page of pages) {
      log(`  ${page.path}: Lighthouse on the page and on its script-free floor`);
      const audit = await auditMedian(`${siteUrl}${page.path}`, chrome, distDir);
      const floor = await auditMedian(`${floorUrl}${page.path}`, chrome, join(floorRoot, 'dist'));
      results.push({
        partner: page.partner,
        page: page.kind,
        path: page.path,
        audit,
        floor,
        lcpRatio: audit.lcpMs / floor.lcpMs,
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function runScale(): Promise<ScaleResult> {
  log(`Scale (the real partners, then ${scaleCount} made-up ones added, in a temporary copy):`);
  const result = await benchScale({
    root,
    generated: scaleCount,
    visual: env.BENCH_SKIP_SCALE_VISUAL !== '1',
    log,
  });
  writeFileSync(join(resultsDir, 'scale.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'scale.md'), `${renderScaleTable(result)}\n`);
  return result;
}

async function scaleAlone(started: number) {
  const scale = await runScale();
  const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const seconds = Math.round((Date.now() - started) / 1000);
  log('');
  log(renderScaleTable(scale));
  log('');
  log(`${machine}. Written to bench-results/scale.json and scale.md in ${seconds} s.`);
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const started = Date.now();
  if (scaleOnly) return scaleAlone(started);
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('Building (npm run build; output in bench-results/build.log)...');
    await run('npm', ['run', 'build'], join(resultsDir, 'build.log'));
  }
  let pages: PageResult[] = [];
  let server: ServerBenchResult | undefined;
  const site = await startSite('site', root);
  if (env.BENCH_SKIP_PAGES !== '1') {
    log('Pages (Lighthouse, mobile):');
    const floorSite = await startSite('floor', buildFloorSite());
    pages = await benchPages(site.baseUrl, floorSite.baseUrl);
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
  await stopAll();
  rmSync(join(resultsDir, 'tmp'), { recursive: true, force: true });
  rmSync(floorRoot, { recursive: true, force: true });
  const scale = env.BENCH_SKIP_SCALE === '1' ? undefined : await runScale();

  const benchmarkIndex = median(pages.map((page) => page.audit.benchmarkIndex));
  const machine = [
    `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    ...(pages.length > 0 ? [`Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)}`] : []),
  ].join(', ');
  const report = {
    date: new Date().toISOString(),
    machine,
    lighthouseRunsPerPage: runs,
    pages,
    server,
    scale,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(join(resultsDir, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  log('');
  log(renderTable(pages, server));
  if (scale) {
    log('');
    log(renderScaleTable(scale));
  }
  log('');
  log(`${machine}. Written to bench-results/bench.json in ${report.seconds} s.`);
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
