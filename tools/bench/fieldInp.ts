import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.ts';
import { medianOf } from '../perf/median.ts';

/**
 * The guardrails' INP from visitors, in a local run (issue 40 §5): showcase's tested landing page,
 * `visits` first visits in Chromium with the CPU slowed `rate` times, each as a person's browser
 * (not flagged as automated, so the page measures itself and sends its beacon, as in
 * tests/e2e/guardrails.test.ts) on a phone's screen. Each visitor taps the heading (the first act,
 * which starts the app), scrolls to the FAQ and opens its first question, then presses the
 * testimonials' next button, and hides the page. The report's guardrails (GET /api/report) give
 * p75 INP per version, as a partner would read them; the page's own event timing gives each
 * visit's slowest interaction and where its time went (waiting to start, the handlers, the next
 * frame).
 */

export interface SlowestInteraction {
  event: string;
  durationMs: number;
  /** From the input to its handlers starting (the main thread was busy). */
  delayMs: number;
  handlersMs: number;
  /** From the handlers' end to the next frame (style, layout, paint). */
  paintMs: number;
}

export interface VersionInp {
  variant: string;
  views: number;
  samples: number;
  p75: number | null;
}

export interface FieldInpResult {
  path: string;
  rate: number;
  visits: SlowestInteraction[];
  versions: VersionInp[];
}

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/**
 * Each interaction's longest event timing entry, kept by the page as it happens, and the browser
 * not flagged as automated. A string: tsx names the functions it compiles with a helper the page
 * does not have.
 */
const watchInteractions = `
  const slowest = { event: '', durationMs: 0, delayMs: 0, handlersMs: 0, paintMs: 0 };
  Object.defineProperty(window, '__benchSlowest', { value: slowest });
  Object.defineProperty(Navigator.prototype, 'webdriver', { get() { return false; } });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId || entry.duration <= slowest.durationMs) continue;
      Object.assign(slowest, {
        event: entry.name,
        durationMs: entry.duration,
        delayMs: entry.processingStart - entry.startTime,
        handlersMs: entry.processingEnd - entry.processingStart,
        paintMs: entry.startTime + entry.duration - entry.processingEnd,
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
`;

/** The page hidden (the visitor switched tabs or left): its one beacon goes. */
const hidePage = `
  Object.defineProperty(document, 'visibilityState', { configurable: true, get() { return 'hidden'; } });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
`;

async function visit(browser: Browser, url: string, rate: number): Promise<SlowestInteraction> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: phone,
  });
  try {
    await context.addInitScript(watchInteractions);
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url, { waitUntil: 'load' });
    // A visitor reads before acting; the pauses are a person's, not waits for the page.
    await page.waitForTimeout(1500);
    await page.locator('h1').first().tap();
    await page.waitForTimeout(1500);
    const question = page.locator('[data-island="faq"] button').first();
    await question.scrollIntoViewIfNeeded();
    await page.waitForTimeout(2500);
    await question.tap();
    await page.waitForTimeout(800);
    const next = page.getByRole('button', { name: /next/i }).first();
    if ((await next.count()) > 0) {
      await next.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      await next.tap();
    }
    await page.waitForTimeout(1000);
    const slowest = (await page.evaluate('window.__benchSlowest')) as SlowestInteraction;
    // Hidden by hand, as the guardrails e2e test does: a beacon sent while the page unloads goes
    // with the browser's own user agent, which the server ignores as a lab tool.
    await page.evaluate(hidePage);
    await page.waitForTimeout(500);
    return slowest;
  } finally {
    await context.close();
  }
}

interface ReportPage {
  pageKey: string;
  guardrails: {
    versions: {
      variant: string;
      total: { views: number; inp: { samples: number; p75: number | null } };
    }[];
  };
}

export async function benchFieldInp(options: {
  siteUrl: string;
  rate: number;
  visits: number;
  log: (line: string) => void;
}): Promise<FieldInpResult> {
  const path = '/showcase';
  options.log(`  ${path} at ${options.rate}x: ${options.visits} visitors`);
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  const visits: SlowestInteraction[] = [];
  try {
    for (let index = 0; index < options.visits; index += 1) {
      visits.push(await visit(browser, `${options.siteUrl}${path}`, options.rate));
    }
  } finally {
    await browser.close();
  }
  const response = await fetch(`${options.siteUrl}/api/report?partner=showcase`);
  if (!response.ok) throw new Error(`the report answered ${response.status}`);
  const report = (await response.json()) as { pages: ReportPage[] };
  const landing = report.pages.find((page) => page.pageKey === 'landing');
  const versions = (landing?.guardrails.versions ?? []).map((version) => ({
    variant: version.variant,
    views: version.total.views,
    samples: version.total.inp.samples,
    p75: version.total.inp.p75,
  }));
  return { path, rate: options.rate, visits, versions };
}

const round = (value: number | null) => (value === null ? '–' : String(Math.round(value)));

/** Markdown: the report's p75 INP per version, then the visits' slowest interactions. */
export function renderFieldInpTable(result: FieldInpResult): string {
  const lines = [
    `INP from visitors of ${result.path} at ${result.rate}x CPU (the guardrails report, ${result.visits.length} visits):`,
    '',
    '| version | page views | INP samples | p75 INP ms |',
    '|---|---|---|---|',
    ...result.versions.map(
      (version) =>
        `| ${version.variant} | ${version.views} | ${version.samples} | ${round(version.p75)} |`,
    ),
  ];
  if (result.visits.length > 0) {
    const median = (pick: (visit: SlowestInteraction) => number) =>
      round(medianOf(result.visits.map(pick)));
    const events = new Map<string, number>();
    for (const visit of result.visits) events.set(visit.event, (events.get(visit.event) ?? 0) + 1);
    lines.push(
      '',
      `Each visit's slowest interaction, median: ${median((visit) => visit.durationMs)} ms (waiting ${median((visit) => visit.delayMs)}, handlers ${median((visit) => visit.handlersMs)}, next frame ${median((visit) => visit.paintMs)}); by event: ${[
        ...events,
      ]
        .map(([event, count]) => `${event || 'none'} ${count}`)
        .join(', ')}.`,
    );
  }
  return lines.join('\n');
}
