/**
 * Visual regression for the Storybook Vitest project (vitest.config.ts): after each story tagged
 * `visual` (every generated Partners/<id>/Blocks and Partners/<id>/Journey story) has rendered,
 * played and passed its accessibility check, the story is screenshotted at each of its widths (its
 * own `parameters.visual.widths`, else the config's `visualWidths`) and compared
 * with its baseline in tests/visual/__screenshots__/ (`npm run test:visual:update` writes them).
 *
 * What keeps a screenshot the same from run to run:
 * - prefers-reduced-motion is emulated for the whole run, so the testimonials carousel never
 *   autoplays (the component's own rule) and the global reduced-motion CSS applies; each carousel
 *   is put back on its first slide, laid out for the width, before every screenshot;
 * - animations, transitions and the text caret are switched off by a style sheet;
 * - the bundled Atkinson Hyperlegible font is awaited (document.fonts.ready), and every picture:
 *   lazy images are made eager and each <img> is decoded (a picture that fails to load fails);
 * - the stories have no clock or chance in them (src/preview/journeyPages.ts).
 */
import { afterEach, beforeAll, expect, inject } from 'vitest';
import { commands, page } from 'vitest/browser';
import { frames } from './frames.ts';
import { baselineName, storyWidths, type VisualParameters } from './storyWidths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The widths a visual story is screenshotted at unless it names its own
     * (`parameters.visual.widths`; VISUAL_WIDTHS narrows these, not a story's own).
     */
    visualWidths: number[];
    /** VISUAL_EXACT=1: no tolerance, a story's own included (vitest.config.ts). */
    visualExact: boolean;
  }
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateReducedMotion: () => Promise<void>;
    resizeWindow: (width: number, height: number) => Promise<void>;
  }
}

interface StoryInContext {
  storyName: string;
  tags: string[];
  parameters: { visual?: VisualParameters };
}

/**
 * The test frame's height while screenshotting. A story taller than that gets a frame as tall as
 * itself (and a browser window to hold it), because nothing outside the frame is painted.
 */
const viewportHeight = 900;
const windowSize = { width: 1600, height: 1000 };

const freezeCss = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;

/** When the page last changed: domQuiet counts its quiet from here, not from when it is called. */
let lastChange = performance.now();
const changes = new MutationObserver(() => {
  lastChange = performance.now();
});

beforeAll(async () => {
  changes.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  await commands.emulateReducedMotion();
  if (!document.getElementById('visual-freeze')) {
    const style = document.createElement('style');
    style.id = 'visual-freeze';
    style.textContent = freezeCss;
    document.head.append(style);
  }
  document.documentElement.dataset.test = 'visual';
});

/**
 * Resolves once the page has not changed for `quietMs` (lazy chunks arrived, Suspense fallbacks
 * replaced, the carousel set up), or after `maxMs` at the latest. The quiet is counted from the
 * last change, so a page already still for that long (a story whose width changed nothing) is
 * taken at once instead of after another `quietMs`: most section stories at most widths.
 */
function domQuiet(quietMs = 400, maxMs = 8000): Promise<void> {
  // Changes made in this very task (resetCarousels) are not reported to the observer yet.
  if (changes.takeRecords().length > 0) lastChange = performance.now();
  const cap = performance.now() + maxMs;
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const still = now - lastChange;
      if (still >= quietMs || now >= cap) resolve();
      else setTimeout(check, Math.min(quietMs - still, cap - now));
    };
    check();
  });
}

/** Waits for every carousel to be set up by Swiper (its code is fetched lazily). */
async function carouselsReady(maxMs = 5000): Promise<void> {
  const started = Date.now();
  while (document.querySelector('.swiper:not(.swiper-initialized)')) {
    if (Date.now() - started > maxMs) throw new Error('A carousel was never set up by Swiper');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface SwiperElement extends HTMLElement {
  swiper?: {
    destroyed: boolean;
    autoplay?: { stop(): void };
    update(): void;
    slideToLoop(index: number, speed: number, runCallbacks: boolean): void;
  };
}

/**
 * Puts every carousel on its first testimonial, laid out afresh for the current width. Swiper's
 * loop mode otherwise keeps whatever slide arrangement its resize history left, and a different
 * (fractional) offset renders the same text a sub-pixel apart.
 */
function resetCarousels(): boolean {
  let reset = false;
  for (const element of Array.from(document.querySelectorAll<SwiperElement>('.swiper'))) {
    const swiper = element.swiper;
    if (!swiper || swiper.destroyed) continue;
    swiper.autoplay?.stop();
    swiper.update();
    swiper.slideToLoop(0, 0, false);
    reset = true;
  }
  return reset;
}

/** Waits until the code, fonts and every picture of the page are in, at the current width. */
async function settle(): Promise<void> {
  // A new width's layout, and what reacts to it (media queries, resize observers), first.
  await frames(2);
  await carouselsReady();
  await domQuiet();
  if (resetCarousels()) await domQuiet();
  for (const img of Array.from(document.images)) if (img.loading === 'lazy') img.loading = 'eager';
  await frames(2);
  await Promise.all(
    Array.from(document.images, async (img) => {
      await img.decode().catch(() => undefined);
      if (!img.complete || img.naturalWidth === 0) {
        throw new Error(`The picture ${img.currentSrc || img.src} did not load`);
      }
    }),
  );
  await document.fonts.ready;
  await frames(2);
}

/**
 * A story's own tolerance (parameters.visual.allowedMismatchedPixelRatio), else the config's 0.1%;
 * none at all under VISUAL_EXACT=1 (the one place that switch acts);
 * and more time for a very tall story.
 */
function screenshotOptions(visual: StoryInContext['parameters']['visual']) {
  const ratio = inject('visualExact') ? 0 : visual?.allowedMismatchedPixelRatio;
  return {
    // No bound of Vitest's own (see matchScreenshot).
    timeout: 0,
    ...(ratio === undefined ? {} : { comparatorOptions: { allowedMismatchedPixelRatio: ratio } }),
  };
}

/**
 * Compares the story with its baseline once two equal screenshots in a row show it has settled,
 * within a bound of our own. Vitest bounds that wait with a timer in the test runner's process that
 * it never clears (@vitest/browser 4.1, asyncTimeout): each screenshot left one pending for the
 * whole bound, and the last ones held the finished run open until Vitest gave up closing ("close
 * timed out after 10000ms"). This bound is in the page and is cleared. It is generous: Vitest's 5 s
 * was too short on a loaded machine and for a very tall story (the showcase partner's whole page,
 * about 10,000 px at 1440 wide); a settled page is taken at once.
 */
async function matchScreenshot(
  root: HTMLElement,
  name: string,
  visual: StoryInContext['parameters']['visual'],
  height: number,
) {
  const bound = height > 4000 ? 60_000 : 30_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsettled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Could not capture a stable screenshot within ${bound} ms.`)),
      bound,
    );
  });
  try {
    await Promise.race([
      expect.element(page.elementLocator(root)).toMatchScreenshot(name, screenshotOptions(visual)),
      unsettled,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A test frame of this size, in a browser window that holds it whole. */
async function fitFrame(width: number, height: number) {
  await commands.resizeWindow(Math.max(windowSize.width, width), height + 100);
  await page.viewport(width, height);
}

afterEach(async (context) => {
  const story = (context as unknown as { story?: StoryInContext }).story;
  if (!story?.tags.includes('visual')) return;
  if (context.task.result?.state === 'fail') return;
  const folder = story.parameters.visual?.folder;
  if (!folder)
    throw new Error(`Story ${story.storyName} is tagged visual but has no visual.folder`);
  if (document.querySelector('vite-error-overlay')) {
    throw new Error(`Story ${story.storyName}: Vite shows a build error; no screenshot taken`);
  }
  const root = document.querySelector<HTMLElement>('.partner-root');
  if (!root) throw new Error(`Story ${story.storyName} rendered no .partner-root to screenshot`);

  const failures: string[] = [];
  const heightNeeded = () =>
    Math.max(viewportHeight, Math.ceil(root.getBoundingClientRect().height));
  for (const width of storyWidths(story.parameters.visual, inject('visualWidths'))) {
    const name = baselineName(folder, story.storyName, width);
    let height = viewportHeight;
    await page.viewport(width, height);
    // The frame sized to the story before the first settle, not after it: settling a frame that
    // is then made taller only has to be done again.
    await frames(2);
    if (heightNeeded() !== height) {
      height = heightNeeded();
      await fitFrame(width, height);
    }
    let failure: string | undefined = `${name}: the story's height never settled`;
    let relaidOut = false;
    // Up to five tries: a frame as tall as the story, a screenshot, and the story still that tall
    // afterwards (a lazily loaded part arriving late changes its height; then it goes again).
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await settle();
      if (heightNeeded() !== height) {
        height = heightNeeded();
        await fitFrame(width, height);
        continue;
      }
      try {
        await matchScreenshot(root, name, story.parameters.visual, height);
        failure = undefined;
      } catch (error) {
        failure = `${name}: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (failure && !relaidOut) {
        // One more look after a fresh layout at this width: under a loaded CI machine the
        // carousel has (rarely) come out half a pixel lower than on every other run, a state
        // that then holds still. A real change fails again; the first diff image stays written.
        relaidOut = true;
        await page.viewport(width + 1, height);
        await frames(2);
        await page.viewport(width, height);
        continue;
      }
      if (heightNeeded() === height) break;
      failure = `${name}: the story's height changed while it was screenshotted`;
    }
    if (failure) failures.push(failure);
  }
  await commands.resizeWindow(windowSize.width, windowSize.height);
  if (failures.length > 0) {
    throw new Error(`Visual change in ${failures.length} screenshot(s):\n${failures.join('\n')}`);
  }
});
