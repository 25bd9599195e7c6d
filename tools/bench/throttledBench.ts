import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.ts';
import { medianOf } from '../perf/median.ts';
import {
  summariseTrace,
  timeKinds,
  type LongTask,
  type TimeKind,
  type TraceEvent,
} from './traceSummary.ts';

/**
 * The main thread at load on a slow phone (issue 40): each page of the built site in Chromium
 * with a phone's viewport and the CPU slowed down (CDP Emulation.setCPUThrottlingRate, 4x and
 * 8x), next to the same HTML with every script removed (the floor), page and floor runs
 * interleaved. Each run records a trace (devtools.timeline) of the load, from navigation until
 * the page has been quiet for a moment, and summarises the renderer's main thread: its time by
 * kind and its long tasks. The browser's own long-task entries (PerformanceObserver, no tracing
 * cost) are read in the same run. A change's effect is read as a ratio to the floor in one run:
 * the host's speed moves both alike.
 */

export interface ThrottledRun {
  byKind: Record<TimeKind, number>;
  /** From the trace: top-level tasks over 50 ms. */
  longTasks: LongTask[];
  blockingMs: number;
  /** From the browser's own long-task entries (no tracing). */
  observed: { count: number; longestMs: number; blockingMs: number };
}

export interface ThrottledSide {
  runs: ThrottledRun[];
}

export interface ThrottledPage {
  path: string;
  rate: number;
  page: ThrottledSide;
  floor: ThrottledSide;
}

export interface ThrottledResult {
  runsPerPage: number;
  rates: number[];
  pages: ThrottledPage[];
}

// A mid-range phone's screen, as Lighthouse's mobile emulation (Moto G Power).
const viewport = { width: 412, height: 823 };
const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'loading',
  'blink.user_timing',
].join(',');
/** How long the page must be quiet (no network, no long task) before the load counts as over. */
const quietMs = 1500;

function longTaskObserver() {
  const entries: { duration: number }[] = [];
  Object.defineProperty(window, '__benchLongTasks', { value: entries });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.push({ duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function collectTrace(session: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  // The protocol types the events as string maps; they are Chromium's trace events.
  session.on('Tracing.dataCollected', ({ value }: { value: object[] }) => {
    for (const event of value) events.push(event as TraceEvent);
  });
  const complete = new Promise<void>((done) =>
    session.once('Tracing.tracingComplete', () => done()),
  );
  await session.send('Tracing.start', {
    categories: traceCategories,
    transferMode: 'ReportEvents',
  });
  await run();
  await session.send('Tracing.end');
  await complete;
  return events;
}

async function loadOnce(browser: Browser, url: string, rate: number): Promise<ThrottledRun> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(longTaskObserver);
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
    const events = await collectTrace(session, async () => {
      await page.goto(url, { waitUntil: 'load' });
      // Then until nothing has come over the network and no long task has started for quietMs
      // (the boot waits for idle moments, so the load is over only once those have passed).
      let lastCount = -1;
      for (;;) {
        await page.waitForLoadState('networkidle');
        const count = await page.evaluate(
          () =>
            (window as unknown as { __benchLongTasks: unknown[] }).__benchLongTasks.length +
            performance.getEntriesByType('resource').length,
        );
        if (count === lastCount) break;
        lastCount = count;
        await page.waitForTimeout(quietMs);
      }
    });
    const observedTasks = await page.evaluate(() =>
      (window as unknown as { __benchLongTasks: { duration: number }[] }).__benchLongTasks.map(
        (entry) => entry.duration,
      ),
    );
    const summary = summariseTrace(events, url);
    return {
      ...summary,
      observed: {
        count: observedTasks.length,
        longestMs: Math.max(0, ...observedTasks),
        blockingMs: observedTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      },
    };
  } finally {
    await context.close();
  }
}

export async function benchThrottled(options: {
  siteUrl: string;
  floorUrl: string;
  paths: readonly string[];
  rates: readonly number[];
  runs: number;
  log: (line: string) => void;
}): Promise<ThrottledResult> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  const pages: ThrottledPage[] = [];
  try {
    const warmed = new Set<string>();
    for (const rate of options.rates) {
      for (const path of options.paths) {
        options.log(`  ${path} at ${rate}x: ${options.runs} runs, page and floor interleaved`);
        const result: ThrottledPage = { path, rate, page: { runs: [] }, floor: { runs: [] } };
        // Every run is a first visit (a context of its own has an empty cache). One run of each
        // page first, not counted, warms what is shared: the servers and the host's file cache.
        if (!warmed.has(path)) {
          warmed.add(path);
          await loadOnce(browser, `${options.siteUrl}${path}`, rate);
          await loadOnce(browser, `${options.floorUrl}${path}`, rate);
        }
        for (let index = 0; index < options.runs; index += 1) {
          result.page.runs.push(await loadOnce(browser, `${options.siteUrl}${path}`, rate));
          result.floor.runs.push(await loadOnce(browser, `${options.floorUrl}${path}`, rate));
        }
        pages.push(result);
      }
    }
  } finally {
    await browser.close();
  }
  return { runsPerPage: options.runs, rates: [...options.rates], pages };
}

const round = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '–');
const ratio = (page: number, floor: number) =>
  floor > 0 ? `${(page / floor).toFixed(1)}×` : page > 0 ? '∞' : '1×';

/** "median (min–max)" of a figure over runs. */
function spread(values: readonly number[]): string {
  return `${round(medianOf(values))} (${round(Math.min(...values))}–${round(Math.max(...values))})`;
}

const kindLabels: Record<TimeKind, string> = {
  script: 'script',
  parse: 'parse',
  style: 'style',
  layout: 'layout',
  paint: 'paint',
  other: 'other',
};

/**
 * Markdown: per page and slowdown, the median main-thread time by kind (page / floor, ms), the
 * ratio of script and of the whole to the floor, then the long tasks (trace and observed) with the
 * spread of the runs.
 */
export function renderThrottledTable(result: ThrottledResult): string {
  const lines: string[] = [];
  const kindsHeader = timeKinds.map((kind) => `${kindLabels[kind]} ms`).join(' | ');
  lines.push(
    `Main thread at load, median of ${result.runsPerPage} runs (trace; page / no scripts):`,
    '',
    `| page | CPU | ${kindsHeader} | total ms (min–max) | total / no scripts |`,
    `|---|---|${timeKinds.map(() => '---').join('|')}|---|---|`,
  );
  for (const entry of result.pages) {
    const kindMedian = (side: ThrottledSide, kind: TimeKind) =>
      medianOf(side.runs.map((run) => run.byKind[kind]));
    const totals = (side: ThrottledSide) =>
      side.runs.map((run) => timeKinds.reduce((sum, kind) => sum + run.byKind[kind], 0));
    const cells = timeKinds.map(
      (kind) => `${round(kindMedian(entry.page, kind))} / ${round(kindMedian(entry.floor, kind))}`,
    );
    lines.push(
      `| ${entry.path} | ${entry.rate}x | ${cells.join(' | ')} | ${spread(totals(entry.page))} / ${spread(totals(entry.floor))} | ${ratio(medianOf(totals(entry.page)), medianOf(totals(entry.floor)))} |`,
    );
  }
  lines.push(
    '',
    `Long tasks at load, median (min–max) of ${result.runsPerPage} runs, page / no scripts: from the trace, and from the browser's own long-task entries (no tracing):`,
    '',
    '| page | CPU | trace: count | trace: longest ms | trace: blocking ms | observed: count | observed: longest ms | observed: blocking ms | blocking − no scripts ms |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const entry of result.pages) {
    const both = (pick: (run: ThrottledRun) => number) =>
      `${spread(entry.page.runs.map(pick))} / ${spread(entry.floor.runs.map(pick))}`;
    const extra =
      medianOf(entry.page.runs.map((run) => run.observed.blockingMs)) -
      medianOf(entry.floor.runs.map((run) => run.observed.blockingMs));
    lines.push(
      `| ${entry.path} | ${entry.rate}x | ${both((run) => run.longTasks.length)} | ${both((run) => Math.max(0, ...run.longTasks.map((task) => task.durationMs)))} | ${both((run) => run.blockingMs)} | ${both((run) => run.observed.count)} | ${both((run) => run.observed.longestMs)} | ${both((run) => run.observed.blockingMs)} | ${round(extra)} |`,
    );
  }
  return lines.join('\n');
}

/** The longest tasks of each page's median run at the highest slowdown, and what they were. */
export function renderTopTasks(result: ThrottledResult, top = 4): string {
  const rate = Math.max(...result.rates);
  const lines = [`Top long tasks at ${rate}x (the run with the median total, trace):`, ''];
  for (const entry of result.pages.filter((candidate) => candidate.rate === rate)) {
    for (const [label, side] of [
      ['page', entry.page],
      ['no scripts', entry.floor],
    ] as const) {
      const total = (run: ThrottledRun) =>
        timeKinds.reduce((sum, kind) => sum + run.byKind[kind], 0);
      const middle = medianOf(side.runs.map(total));
      const run = [...side.runs].sort(
        (a, b) => Math.abs(total(a) - middle) - Math.abs(total(b) - middle),
      )[0];
      const tasks = [...(run?.longTasks ?? [])]
        .sort((a, b) => b.durationMs - a.durationMs)
        .slice(0, top)
        .map(
          (task) =>
            `${round(task.durationMs)} ms at ${round(task.startMs)} ms (${task.mostly}${task.detail ? ` ${shortDetail(task.detail)}` : ''})`,
        );
      lines.push(`- ${entry.path} ${label}: ${tasks.length > 0 ? tasks.join('; ') : 'none'}`);
    }
  }
  return lines.join('\n');
}

function shortDetail(detail: string): string {
  try {
    const { pathname } = new URL(detail);
    return pathname;
  } catch {
    return detail.slice(0, 60);
  }
}
