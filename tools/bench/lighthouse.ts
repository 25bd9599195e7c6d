import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumExecutable, chromiumLaunchOptions } from '../chromium.ts';

/**
 * Lighthouse 12 (mobile: its default emulated phone and simulated slow 4G / 4x CPU) against a page
 * of the built site, through its Node API and the Debian chromium.
 */
export interface PageAudit {
  url: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Scripts the page loaded during the run, with their size gzipped (level 9). */
  scripts: { url: string; gzipBytes: number }[];
  jsGzipBytes: number;
  /**
   * Lighthouse's measure of the host CPU's speed (higher is faster). Its simulated 4x slowdown
   * applies on top of the host, so TBT rises on a slower host: this tells the two apart.
   */
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated on top of the host (its settings as run). */
  cpuSlowdown: number;
  /** The main thread's long tasks (over 50 ms, as Lighthouse simulates them): what TBT is made of. */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** Audits that did not pass, for the JSON report. */
  failing: { id: string; title: string; score: number | null }[];
}

export interface Chrome {
  port: number;
  kill(): Promise<void>;
}

export async function launchChrome(): Promise<Chrome> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
    logLevel: 'error',
  });
  return { port: chrome.port, kill: async () => chrome.kill() };
}

/** Size of a same-origin script of the built site, gzipped; undefined for anything else. */
function gzipSizeOf(url: string, distDir: string): number | undefined {
  const { pathname } = new URL(url);
  const file = join(distDir, decodeURIComponent(pathname));
  if (!pathname.startsWith('/assets/') || !existsSync(file)) return undefined;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Lighthouse mobile's own CPU slowdown, simulated on top of the host's speed. */
export const lighthouseCpuSlowdown = 4;

/**
 * `cpuSlowdown` above {@link lighthouseCpuSlowdown} stands in for a slower host: at 8 on a host
 * of twice the benchmarkIndex, the simulated phone is the one mobile Lighthouse emulates there.
 */
export async function auditPage(
  url: string,
  chrome: Chrome,
  distDir: string,
  cpuSlowdown = lighthouseCpuSlowdown,
): Promise<PageAudit> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // The rest of mobile's throttling (its network, the request latency) stays as it is.
    ...(cpuSlowdown === lighthouseCpuSlowdown
      ? {}
      : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string }[];
      }
    )?.items ?? [];
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({ url: request.url, gzipBytes: gzipSizeOf(request.url, distDir) ?? 0 }));
  const longTasks = (
    (
      lhr.audits['long-tasks']?.details as {
        items?: { url?: string; startTime?: number; duration?: number }[];
      }
    )?.items ?? []
  ).map((task) => ({
    url: task.url ?? '',
    startMs: Math.round(task.startTime ?? 0),
    durationMs: Math.round(task.duration ?? 0),
  }));
  const failing = Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score }));
  return {
    url,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    scripts,
    jsGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? cpuSlowdown,
    longTasks,
    failing,
  };
}
