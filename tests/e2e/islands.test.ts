import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { project, settledWithoutActing, stackForThisFile, startTheApp } from './harness.ts';
import { fillText, withDefaults } from '../../src/config/dynamicText.ts';

/*
 * Issue 22, islands: a block whose folder declares it static (src/blocks/<Block>/block.ts) stays
 * the prerendered HTML in the browser: its nodes are the ones the page came with after hydration,
 * and its code is never requested. A page the browser renders itself (a client-side navigation to
 * a page that came with no HTML of its own) still draws its static blocks, with their code.
 */
const root = new URL('../..', import.meta.url).pathname;
const blocksDir = join(root, 'src', 'blocks');
/** Block folders (= their chunks' names) whose block.ts says static. */
const staticFolders = readdirSync(blocksDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((folder) => {
    try {
      return /island: 'static'/.test(readFileSync(join(blocksDir, folder, 'block.ts'), 'utf8'));
    } catch {
      return false;
    }
  });
const chunkOf = (script: string) =>
  staticFolders.find((folder) => new RegExp(`/assets/${folder}-[\\w-]+\\.js$`).test(script));

const stack = stackForThisFile();
const springOffer = project.partners.find((partner) => partner.id === 'showcase')?.pages[
  'springOffer'
];
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

interface Watched {
  page: Page;
  problems: string[];
  scripts: string[];
}

async function watchedPage(locale?: string): Promise<Watched> {
  const context = await stack.browser.newContext({
    viewport: { width: 412, height: 823 },
    ...(locale ? { locale } : {}),
  });
  contexts.push(context);
  // Before any script of the page runs: remember each static block's prerendered first node.
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const blocks = [...document.querySelectorAll('[data-static-block]')];
      (window as unknown as { __prerendered: [string, Element | null][] }).__prerendered =
        blocks.map((block) => [
          block.getAttribute('data-static-block') ?? '',
          block.firstElementChild,
        ]);
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return { page, problems, scripts };
}

describe('static blocks (islands)', () => {
  it('declares the plain blocks static and the widgets interactive', () => {
    expect(staticFolders).toEqual(expect.arrayContaining(['Hero', 'Footer', 'HowItWorks']));
    expect(staticFolders).not.toContain('Testimonials');
    expect(staticFolders).not.toContain('Faq');
    expect(staticFolders).not.toContain('GetTheScan');
  });

  it('keeps their prerendered nodes through hydration and never fetches their code', async () => {
    const { page, problems, scripts } = await watchedPage();
    await page.goto(`${stack.server.baseUrl}/showcase`);
    // Hydrated: the carousel's button says Pause once React runs (the prerender says Play); the
    // carousel is an interactive island, hydrated once near.
    await page.locator('[data-island] .swiper').first().scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Pause testimonials' }).first().waitFor();
    const kept = await page.evaluate(() => {
      const before = (window as unknown as { __prerendered: [string, Element | null][] })
        .__prerendered;
      return {
        blocks: before.length,
        replaced: before
          .filter(([id, node]) => {
            const now = document.querySelector(`[data-static-block="${id}"]`)?.firstElementChild;
            return !node || !node.isConnected || now !== node;
          })
          .map(([id]) => id),
      };
    });
    // showcase's landing page lists its static blocks (hero, stats, ...) twice.
    expect(kept.blocks).toBeGreaterThan(10);
    expect(kept.replaced).toEqual([]);
    // Down to the last carousel (it starts when near) and the footer: still no static block's code.
    await page.locator('.swiper').last().scrollIntoViewIfNeeded();
    await page.locator('.swiper.swiper-initialized').last().waitFor();
    await page.locator('body > #root footer').last().scrollIntoViewIfNeeded();
    expect(scripts.filter(chunkOf)).toEqual([]);
    expect(problems).toEqual([]);
  });

  const appScripts = (scripts: string[]) =>
    scripts.filter((script) => /\/assets\/(client|react-dom|start)-[\w-]+\.js$/.test(script));
  const reactHoldsRoot = (page: Page) =>
    page.evaluate(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) =>
        key.startsWith('__reactContainer'),
      ),
    );

  it('loads no app for a visitor who only reads, and starts it on their first act', async () => {
    const { page, problems, scripts } = await watchedPage();
    await page.goto(`${stack.server.baseUrl}/demo`);
    await settledWithoutActing(page);
    expect(appScripts(scripts)).toEqual([]);
    expect(await reactHoldsRoot(page)).toBe(false);
    await startTheApp(page);
    expect(appScripts(scripts).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('suggests the page in Spanish to a browser that prefers it without the app, and keeps the note through hydration', async () => {
    const { page, problems, scripts } = await watchedPage('es-MX');
    await page.goto(`${stack.server.baseUrl}/lowes`);
    const note = page.getByRole('complementary', { name: 'Sugerencia de idioma' });
    await note.waitFor();
    await expect(
      note.getByRole('link', { name: 'Ver la página en español' }).getAttribute('href'),
    ).resolves.toBe('/lowes/es');
    // Over the page, moving nothing: its rules came with the whole stylesheet, which the page's
    // inlined rules (only those its own HTML uses) do not hold.
    await expect(note.evaluate((aside) => getComputedStyle(aside).position)).resolves.toBe(
      'absolute',
    );
    await settledWithoutActing(page);
    expect(appScripts(scripts)).toEqual([]);
    expect(await reactHoldsRoot(page)).toBe(false);
    // The app hydrates around it: the note is still there, once, and React found the page as
    // prerendered (a mismatch is an error on the console).
    await startTheApp(page);
    await expect(note.count()).resolves.toBe(1);
    expect(problems).toEqual([]);
  });

  it('draws them, with their code, on a page the browser renders itself', async () => {
    const { page, problems, scripts } = await watchedPage();
    await page.goto(`${stack.server.baseUrl}/showcase`);
    await page.waitForLoadState('networkidle');
    await startTheApp(page);
    // A client-side navigation (the router follows history) to a page that brought no HTML.
    await page.evaluate(() => history.pushState(null, '', '/showcase/spring-offer'));
    // The campaign page's own hero title: the landing page before it also has one h1 and many
    // static blocks, which a busy machine still showed when the polls below first looked.
    const hero = springOffer?.sections.find((section) => section.type === 'hero');
    if (hero?.type !== 'hero') throw new Error('showcase/spring-offer has no hero block');
    // The router listens to history from a layout effect, once hydration has committed: on a busy
    // machine that came after a single popstate (the landing page stayed), so it is sent again
    // at each look until the router follows it (a repeat on the same address changes nothing).
    await expect
      .poll(
        async () => {
          await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
          return page.locator('main h1').innerText();
        },
        { timeout: 15_000 },
      )
      .toBe(fillText(hero.props.title, withDefaults));
    await expect
      .poll(() => page.locator('[data-static-block] section').count(), { timeout: 15_000 })
      .toBeGreaterThan(2);
    expect(scripts.filter(chunkOf).length).toBeGreaterThan(0);
    // Its interactive blocks are drawn too, though the landing page had a block of the same id
    // (get-the-scan) whose code had not come: only the page the visitor arrived on waits.
    await page.locator('[data-island="get-the-scan"] form').waitFor({ timeout: 15_000 });
    await page.locator('[data-island="spring-faq"] button').first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
    // Back to the landing page, rendered anew now: the carousel the visitor never came near on
    // the first visit is drawn with its code, not left waiting on HTML that is gone.
    await page.evaluate(() => history.back());
    await page.locator('[data-island="testimonials"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-island="testimonials"] .swiper').first().scrollIntoViewIfNeeded();
    await page
      .getByRole('button', { name: 'Pause testimonials' })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
  });
});

/** Block folders whose block.ts says interactive: their chunks are named after them. */
const interactiveFolders = ['Testimonials', 'Faq', 'GetTheScan'];
const interactiveChunk = (script: string) =>
  interactiveFolders.find((folder) => new RegExp(`/assets/${folder}-[\\w-]+\\.js$`).test(script));

describe('interactive blocks (islands)', () => {
  it('fetch no code until they near the viewport, then hydrate their prerendered nodes', async () => {
    const { page, problems, scripts } = await watchedPage();
    // Before any script: each interactive block's prerendered first node.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __islands: [string, Element | null][] }).__islands = [
          ...document.querySelectorAll('[data-island]'),
        ].map((island) => [island.getAttribute('data-island') ?? '', island.firstElementChild]);
      });
    });
    await page.goto(`${stack.server.baseUrl}/showcase`);
    // The app running (it starts on the visitor's first act, a key that changes nothing), and
    // the islands still waiting.
    await startTheApp(page);
    await page.waitForLoadState('networkidle');
    // showcase's landing page opens with static blocks: every island is well below the fold.
    const islands = await page.evaluate(() =>
      [...document.querySelectorAll('[data-island]')].map((island) => ({
        id: island.getAttribute('data-island') ?? '',
        top: island.firstElementChild?.getBoundingClientRect().top ?? 0,
      })),
    );
    expect(islands.length).toBeGreaterThan(3);
    expect(islands.filter((island) => island.top < 1500)).toEqual([]);
    expect(scripts.filter(interactiveChunk)).toEqual([]);

    // The FAQ, scrolled to: its code comes, and React takes over its prerendered nodes.
    const faq = page.locator('[data-island="faq"] button').first();
    await faq.scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.map(interactiveChunk), { timeout: 15_000 }).toContain('Faq');
    await expect
      .poll(
        async () => {
          await faq.click();
          return faq.getAttribute('aria-expanded');
        },
        { timeout: 15_000 },
      )
      .toBe('true');
    const replaced = await page.evaluate(() =>
      (window as unknown as { __islands: [string, Element | null][] }).__islands
        .filter(([id, node]) => {
          const now = document.querySelector(`[data-island="${id}"]`)?.firstElementChild;
          return id === 'faq' && (!node || now !== node);
        })
        .map(([id]) => id),
    );
    expect(replaced).toEqual([]);
    // The page inlines only the rules its HTML uses, so none for an open answer
    // (tools/prerender/usedCss.ts); the app linked the whole stylesheet before it hydrated, and
    // the open item is drawn as the stylesheet says (a bar in the brand's colour on its left).
    const inline = await page.evaluate(() => document.querySelector('head style')?.textContent);
    expect(inline).toContain('data-state=closed');
    expect(inline).not.toContain('data-state=open');
    expect(await page.locator('link[rel="stylesheet"][href$=".css"]').count()).toBe(1);
    const openItem = page.locator('[data-island="faq"] [data-state="open"]').first();
    expect(await openItem.evaluate((item) => getComputedStyle(item).boxShadow)).toMatch(/inset/);
    // The blocks still far below were not fetched on the way.
    const far = await page.evaluate(() =>
      [...document.querySelectorAll('[data-island]')]
        .filter((island) => (island.firstElementChild?.getBoundingClientRect().top ?? 0) > 1500)
        .map((island) => island.getAttribute('data-island')),
    );
    expect(far).toContain('stories');
    expect(problems).toEqual([]);
  });
});
