import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  axeViolations,
  controlsWithoutVisibleFocus,
  overlapProblems,
  reflowProblems,
  smallTargets,
} from './a11y.ts';
import { startTheApp } from './harness.ts';

/*
 * A page's WCAG checks as the end-to-end files run them (wcag.test.ts on the journeys' pages,
 * partnerLanding.test.ts on each partner's landing page): the layouts they are made at, getting
 * everything that loads on approach loaded, and what the checks find, each problem named by its
 * step.
 */

export const layouts = [
  { name: '320 px wide', viewport: { width: 320, height: 720 }, deviceScaleFactor: 1 },
  { name: '200% zoom', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
] as const;

/**
 * Scrolls down the page a screenful at a time (every part of it passes through the viewport), so
 * whatever loads on approach has been approached.
 */
export async function scrollDown(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
}

/**
 * Scrolls through the page so everything loaded on approach (carousel, form) is in. The app
 * starts first, on a key that changes nothing (it starts on the visitor's first act): the scrolls
 * below then never race the page's first script, which comes after the largest paint.
 *
 * A page the browser stops drawing is loaded once more (see StoppedDrawing), with a warning in
 * the test's output; a part that does not load on a page that draws fails as before.
 */
export async function scrollThrough(page: Page) {
  try {
    await scrollThroughOnce(page);
  } catch (error) {
    if (!(error instanceof StoppedDrawing)) throw error;
    console.warn(
      `${error.message}: loading it once more (docs/testing.md, "A page that stops drawing")`,
    );
    await page.reload();
    await scrollThroughOnce(page);
  }
}

async function scrollThroughOnce(page: Page) {
  await startTheApp(page);
  await scrollDown(page);
  // The carousel and the form load when they come near the viewport: go to each and wait.
  await scrollTo(page, '.swiper');
  await loaded(page, '.swiper-initialized', 'the testimonials carousel');
  await signupFormLoaded(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Chromium (the full browser's headless mode and the headless shell alike, 156 here) now and then
 * stops drawing one page while a loaded machine runs the suite: no animation frame, no answer from
 * an IntersectionObserver, a screenshot that never comes, while the page's scripts still run,
 * other pages of the same browser draw, and the same page reloaded draws again. What waits for an
 * element to near the viewport (the islands, the carousel) then waits for good. Measured with a
 * core kept busy: once in 10 to 50 loads of lowes's landing page at 320 px; bringing the page to
 * the front, resizing it, freezing and resuming it did not wake it, a reload did. What set it off
 * was the pictures' decoding="async" hint, which the pages no longer carry (none in 100 loads
 * since); this stays for a stall with another cause.
 */
export class StoppedDrawing extends Error {}

/** Whether the page draws an animation frame within two seconds. */
export const drawsFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((done) => {
        requestAnimationFrame(() => done(true));
        setTimeout(() => done(false), 2000);
      }),
  );

/** Goes to the signup form and waits for it (it loads when it comes near the viewport). */
export async function signupFormLoaded(page: Page) {
  await scrollTo(page, '#get-the-scan');
  await loaded(page, '#get-the-scan_email', 'the signup form');
}

/** What went wrong on each page, so a part that never loads says why. */
const troubles = new WeakMap<Page, string[]>();

export function recordTroubles(page: Page) {
  const seen: string[] = [];
  troubles.set(page, seen);
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    seen.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`);
  });
}

/**
 * Waits for `selector` to be attached, looking every 2 s: a page the browser has stopped drawing
 * throws StoppedDrawing at once; an element that never comes on a page that draws fails after 30 s
 * with the page's troubles and state (pageState).
 */
export async function loaded(page: Page, selector: string, what: string) {
  const element = page.locator(selector).first();
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      await element.waitFor({ state: 'attached', timeout: 2_000 });
      return;
    } catch (error) {
      if (!(await drawsFrames(page)))
        throw new StoppedDrawing(`The browser stopped drawing ${page.url()} while ${what} loaded`);
      if (Date.now() <= until) continue;
      const seen = troubles.get(page) ?? [];
      throw new Error(
        `${what} (${selector}) did not load; the page's errors: ${seen.join('; ') || 'none'}; its state: ${await pageState(page)}`,
        { cause: error },
      );
    }
  }
}

/**
 * What a part that never loaded leaves to read: whether a new IntersectionObserver sees the
 * carousel (what the island and Swiper's loads wait for: src/ui/whenNear.ts), which islands React
 * has hydrated (their nodes carry its keys), where the page stands and the scripts it fetched.
 */
function pageState(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const swiper = document.querySelector('.swiper');
      const box = swiper?.getBoundingClientRect();
      const observerSees = swiper
        ? await new Promise<string>((done) => {
            new IntersectionObserver((entries) =>
              done(entries.some((entry) => entry.isIntersecting) ? 'intersecting' : 'not'),
            ).observe(swiper);
            setTimeout(() => done('no answer'), 2000);
          })
        : null;
      return JSON.stringify({
        readyState: document.readyState,
        visibility: document.visibilityState,
        observerSees,
        islandsHydrated: [...document.querySelectorAll('[data-island]')].map(
          (island) =>
            `${island.getAttribute('data-island')}: ${Object.keys(island.firstElementChild ?? {}).some((key) => key.startsWith('__react'))}`,
        ),
        scrollY: window.scrollY,
        innerHeight: window.innerHeight,
        swiper: box ? { top: Math.round(box.top), height: Math.round(box.height) } : null,
        swiperClasses: swiper?.className ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .map((entry) => entry.name.replace(/^.*\/assets\//, ''))
          .filter((name) => name.endsWith('.js')),
      });
    })
    .catch((stateError: unknown) => `(no state: ${String(stateError)})`);
}

/**
 * Scrolls the first element matching `selector` into view, as a visitor's scrolling does. Not
 * Playwright's scrollIntoViewIfNeeded: that first waits for the element to hold still over two
 * animation frames, which a carousel being laid out on a busy machine did not do within 30 s.
 */
export async function scrollTo(page: Page, selector: string) {
  await page.locator(selector).first().waitFor({ state: 'attached' });
  await page.evaluate(
    (css) => document.querySelector(css)?.scrollIntoView({ block: 'center' }),
    selector,
  );
}

export async function openPage(browser: Browser, layout: (typeof layouts)[number]) {
  const context = await browser.newContext({
    viewport: layout.viewport,
    deviceScaleFactor: layout.deviceScaleFactor,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  recordTroubles(page);
  return { context, page };
}

/**
 * What the checks find on the page as it is, each named by its step: reflow and 24 px targets,
 * then axe (unless `axe` is false) and the Tab sweep for visible focus (when `sweep`).
 */
export async function pageProblems(
  page: Page,
  name: string,
  { axe = true, sweep = false } = {},
): Promise<string[]> {
  const found = [
    ...(await reflowProblems(page)),
    ...(await smallTargets(page)).map((target) => `target ${target}`),
  ];
  if (axe)
    for (const violation of await axeViolations(page))
      found.push(`axe ${violation.id} at ${violation.targets.join(', ')}`);
  if (sweep) {
    const focus = await controlsWithoutVisibleFocus(page);
    if (focus.reached === 0) found.push('Tab reached no control');
    for (const label of focus.unfocused) found.push(`no visible focus on ${label}`);
  }
  return found.map((problem) => `${name}: ${problem}`);
}

/** Two frames: what lays itself out again after a resize (the header, the carousel) has. */
export const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * The page laid out at another of `layouts`, as a visitor resizing the window or zooming would
 * see it: 200% zoom lays a 1280 x 800 window out at 640 x 400 CSS px, and the pixel ratio changes
 * only how that is painted, which reflow, target sizes and axe do not read.
 */
export async function resizeTo(page: Page, layout: (typeof layouts)[number]) {
  await page.setViewportSize(layout.viewport);
  await twoFrames(page);
}

/**
 * At every layout width of the landing page (768 to 1440 px), nothing covered and nothing spilling
 * out of its section. The window is as tall as the page at each width, so every block is laid out
 * where the visitor would see it.
 */
export async function desktopProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height });
    await expect.poll(() => page.evaluate(() => window.innerHeight)).toBe(height);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    for (const problem of await overlapProblems(page)) problems.push(`${width} px: ${problem}`);
    for (const problem of await reflowProblems(page)) problems.push(`${width} px: ${problem}`);
  }
  return problems;
}
