import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PartnerConfig, Block } from '../../src/config/generated/partner.ts';
import { startServer, type TestServer } from '../../server/test/helpers.ts';
import { copyProject } from '../support/projectCopy.ts';
import { axeViolations } from './a11y.ts';
import { stackForThisFile, startTheApp } from './harness.ts';
import { productionBuild } from './productionBuild.ts';

/*
 * Issue 21, URL-driven copy, on the real build: showcase's campaign hero reads
 * "Spring into a safer {{utm_term | \"home\"}}" (partners/showcase.json). The build writes the page
 * with the default and a template beside it; the server fills the template from the address, and
 * the browser hydrates that HTML with the same words: no error, and no change to the heading once
 * the page has loaded.
 */
const stack = stackForThisFile();
const distDir = inject('distDir');
const page = 'showcase/spring-offer';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

interface Visit {
  page: Page;
  problems: string[];
}

async function visit(query: string, base = `${stack.server.baseUrl}/${page}`): Promise<Visit> {
  const context = await stack.browser.newContext({ viewport: { width: 412, height: 823 } });
  contexts.push(context);
  // Every change to a heading's text once the HTML is parsed (hydration must change none).
  await context.addInitScript(() => {
    const seen = window as unknown as { headingChanges: string[] };
    seen.headingChanges = [];
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records) {
          const node = record.target;
          const element = node instanceof Element ? node : node.parentElement;
          if (element?.closest('h1, h2')) seen.headingChanges.push(element.outerHTML);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
  });
  const tab = await context.newPage();
  const problems: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await tab.goto(`${base}${query}`);
  return { page: tab, problems };
}

/**
 * React took over the page's hero: its wrapper (rendered by React, unlike the static block's HTML
 * inside it) carries React's node key once hydrated. Any block would do; the hero holds the words.
 * The app starts on the visitor's first act.
 */
async function hydrated(tab: Page) {
  await startTheApp(tab);
  await expect
    .poll(
      () =>
        tab.evaluate(() => {
          const wrapper = document.querySelector('[data-static-block="hero"]');
          return (
            wrapper !== null && Object.keys(wrapper).some((key) => key.startsWith('__reactFiber'))
          );
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** The carousel island hydrated: its button says Pause once React runs it (the HTML says Play). */
async function carouselHydrated(tab: Page) {
  await tab.locator('[data-island="testimonials"]').first().scrollIntoViewIfNeeded();
  await tab.getByRole('button', { name: 'Pause testimonials' }).first().waitFor();
}

const headingChanges = (tab: Page) =>
  tab.evaluate(() => (window as unknown as { headingChanges: string[] }).headingChanges);

describe('URL-driven copy on the built site', () => {
  it('builds the page with its default, a template beside it, and no marker left anywhere', () => {
    const html = readFileSync(join(distDir, page, 'index.html'), 'utf8');
    expect(html).toMatch(/<h1[^>]*>Spring into a safer home<\/h1>/);
    const files = readdirSync(distDir, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.includes('.template.html'))).toEqual([
      `${page}/index.template.html`,
    ]);
    expect(readFileSync(join(distDir, page, 'index.template.html'), 'utf8')).toContain(
      'Spring into a safer \ue000utm_term\ue001home\ue002</h1>',
    );
    const pages = files.filter((name) => name.endsWith('.html') && !name.includes('.template.'));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages)
      expect(readFileSync(join(distDir, file), 'utf8'), file).not.toMatch(/[\ue000-\ue002]/);
    // The browser's copy of the partner keeps the placeholder, to fill it from the address.
    const data = readFileSync(join(distDir, 'partner-data', 'showcase.json'), 'utf8');
    expect(data).toContain('Spring into a safer {{utm_term | \\"home\\"}}');
    expect(existsSync(join(distDir, page, 'index.template.html.br'))).toBe(false);
  });

  it("shows the address's words from the first paint and hydrates them without an error or a change", async () => {
    const { page: tab, problems } = await visit('?utm_term=kitchen%20%26%20bath&utm_source=mail');
    expect(await tab.locator('h1').textContent()).toBe('Spring into a safer kitchen & bath');
    await hydrated(tab);
    expect(await tab.locator('h1').textContent()).toBe('Spring into a safer kitchen & bath');
    expect(await headingChanges(tab)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows a value holding markup as text, cut to 60 characters', async () => {
    const value = `<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>${'z'.repeat(40)}`;
    const { page: tab, problems } = await visit(`?utm_term=${encodeURIComponent(value)}`);
    const shown = `Spring into a safer ${value.slice(0, 60)}`;
    expect(await tab.locator('h1').textContent()).toBe(shown);
    await hydrated(tab);
    expect(await tab.locator('h1').textContent()).toBe(shown);
    expect(await tab.locator('h1 *').count()).toBe(0);
    expect(await tab.evaluate(() => 'hacked' in window)).toBe(false);
    expect(await headingChanges(tab)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows the default without the parameter', async () => {
    const { page: tab, problems } = await visit('');
    await hydrated(tab);
    expect(await tab.locator('h1').textContent()).toBe('Spring into a safer home');
    expect(await headingChanges(tab)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

/*
 * Placeholders in interactive blocks (the carousel's title) and in a
 * variant's override, on a build of its own: the project's partners and a copy of demo ("acme")
 * that has them. An island hydrates with the words of the address or React reports a mismatch.
 * The same build serves the consent notice's test (acme's own tags, asking first): one build
 * rather than two.
 */
const ACME_TAGS = {
  googleTagId: 'G-ACME12345',
  tagManagerId: 'GTM-ACME123',
  metaPixelId: '123456789012345',
  askConsent: true,
} as const;
function acme(demo: PartnerConfig): PartnerConfig {
  const sections = demo.pages.landing.sections.map((section): Block => {
    switch (section.type) {
      case 'hero':
        return { ...section, props: { ...section.props, title: 'A safer {{utm_term | "home"}}' } };
      case 'testimonials':
        return {
          ...section,
          props: { ...section.props, title: 'What {{city | "our neighbours"}} say' },
        };
      default:
        return section;
    }
  }) as PartnerConfig['pages']['landing']['sections'];
  return {
    ...demo,
    id: 'acme',
    name: 'Acme Homes',
    hosts: [],
    // Its own consent line: one naming demo's partner is refused (partners:check, issue 31).
    form: {
      ...demo.form,
      consentText: 'By continuing, you consent to Acme Homes receiving your home safety report.',
    },
    offer: { ...demo.offer, campaignId: { dev: 'acme-dev', prod: 'acme-prod' } },
    // Its own tags and a notice that asks first (issue 35): the last describe below.
    measurement: ACME_TAGS,
    pages: {
      ...demo.pages,
      landing: {
        sections,
        experiment: {
          variants: [
            {
              id: 'short',
              weight: 50,
              overrides: { hero: { title: 'Safer {{utm_term | "rooms"}} this week' } },
            },
          ],
        },
      },
    },
  };
}

/**
 * A copy of demo whose offer has dates (open from 2026 to 2099): what its page shows follows the
 * visitor's clock (src/ui/OfferGate/), so its app starts as the page settles, without an act.
 */
function dated(demo: PartnerConfig): PartnerConfig {
  return {
    ...demo,
    id: 'dated',
    name: 'Dated Homes',
    hosts: [],
    form: {
      ...demo.form,
      consentText: 'By continuing, you consent to Dated Homes receiving your home safety report.',
    },
    offer: {
      ...demo.offer,
      campaignId: { dev: 'dated-dev', prod: 'dated-prod' },
      schedule: { start: '2026-01-01T00:00:00Z', end: '2099-12-31T00:00:00Z' },
    },
  };
}

const project = copyProject();
const outDir = join(project.root, 'dist');
let server: TestServer;

beforeAll(async () => {
  const demo = JSON.parse(
    readFileSync(join(project.root, 'partners', 'demo.json'), 'utf8'),
  ) as PartnerConfig;
  writeFileSync(join(project.root, 'partners', 'acme.json'), JSON.stringify(acme(demo), null, 2));
  writeFileSync(join(project.root, 'partners', 'dated.json'), JSON.stringify(dated(demo), null, 2));
  const root = new URL('../..', import.meta.url).pathname;
  await productionBuild(root, outDir, { HOMESAFE_PARTNERS_DIR: join(project.root, 'partners') });
  server = await startServer({ build: { staticDir: outDir, root: project.root } });
}, 300_000);

afterAll(async () => {
  await server?.close();
  project.remove();
});

describe('when the app starts on a page whose offer has dates', () => {
  it('marks the page, and starts the app without waiting for the visitor to act', async () => {
    const rootTag = (file: string) =>
      /<div id="root"[^>]*>/.exec(readFileSync(join(outDir, file), 'utf8'))?.[0];
    expect(rootTag('dated/index.html')).toContain('data-start-at-load');
    expect(rootTag('dated/claim-offer/index.html')).toContain('data-start-at-load');
    expect(rootTag('acme/index.html')).not.toContain('data-start-at-load');
    const { page: tab, problems } = await visit('', `${server.baseUrl}/dated`);
    await expect
      .poll(
        () =>
          tab.evaluate(() =>
            Object.keys(document.getElementById('root') ?? {}).some((key) =>
              key.startsWith('__reactContainer'),
            ),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('URL-driven copy in islands and variants', () => {
  it('writes a template for the page and for its variant', () => {
    for (const dir of ['acme', 'acme/_v/short'])
      expect(existsSync(join(outDir, dir, 'index.template.html')), dir).toBe(true);
    expect(readFileSync(join(outDir, 'acme/_v/short/index.html'), 'utf8')).toContain(
      'Safer rooms this week</h1>',
    );
  });

  it("hydrates the carousel island with the address's words, in the version asked for", async () => {
    const { page: tab, problems } = await visit(
      '?variant=short&utm_term=garden%20shed&city=Springfield',
      `${server.baseUrl}/acme`,
    );
    expect(await tab.locator('h1').textContent()).toBe('Safer garden shed this week');
    await carouselHydrated(tab);
    expect(await tab.locator('[data-island="testimonials"] h2').textContent()).toBe(
      'What Springfield say',
    );
    expect(await headingChanges(tab)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

/*
 * Issue 35, items 3 and 4, in Chromium on acme (its own GA4, Tag Manager and Meta pixel, asking
 * first): the notice is in the prerendered HTML; no tag is requested before the visitor accepts;
 * Consent Mode's defaults are in the dataLayer before any tag; after Accept (by keyboard) exactly
 * acme's tags load; the choice is remembered and changed from the footer; Global Privacy Control
 * refuses the pixel without asking; nothing moves. Requests to the tags' hosts are answered here
 * (an empty script) and every other outside request is refused: nothing reaches the internet.
 */
describe('tags per partner and the consent notice', () => {
  const TAG_HOST =
    /(^|\.)(googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com)$/;

  async function visitAcme(options: { gpc?: boolean } = {}) {
    const context = await stack.browser.newContext({ viewport: { width: 412, height: 823 } });
    contexts.push(context);
    const tagRequests: string[] = [];
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      async (route) => {
        const url = new URL(route.request().url());
        if (!TAG_HOST.test(url.hostname)) return route.abort();
        tagRequests.push(`${url.hostname}${url.pathname}${url.search}`);
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      },
    );
    await context.addInitScript((gpc: boolean) => {
      // A person's browser: the measuring code never runs under automation.
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      if (gpc)
        Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
      // Layout shifts not caused by the visitor's input, as CLS counts them: what moved.
      const seen = window as unknown as { shifts: string[] };
      seen.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          for (const source of entry.sources) {
            const node = source.node;
            const element = node instanceof Element ? node : node?.parentElement;
            seen.shifts.push(
              `${entry.value.toFixed(4)}: <${element?.localName ?? '?'} class="${element?.className ?? ''}">${element?.closest('#hs-consent') ? ' in the notice' : ''}${element?.matches('section, main, header, footer, .partner-root') ? ' a block' : ''}`,
            );
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, options.gpc ?? false);
    const tab = await context.newPage();
    const problems: string[] = [];
    tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    tab.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await tab.goto(`${server.baseUrl}/acme`);
    return { context, tab, tagRequests, problems };
  }

  /** The dataLayer as plain data: gtag's commands (Arguments) as arrays. */
  const dataLayer = (tab: Page) =>
    tab.evaluate(() =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((item) =>
        Object.prototype.toString.call(item) === '[object Arguments]'
          ? Array.from(item as ArrayLike<unknown>)
          : item,
      ),
    ) as Promise<unknown[]>;

  const consentDefaultsSet = async (tab: Page) =>
    expect
      .poll(async () => JSON.stringify(await dataLayer(tab)), { timeout: 20_000 })
      .toContain('"consent","default"');

  const activeText = (tab: Page) => tab.evaluate(() => document.activeElement?.textContent?.trim());
  /**
   * What the notice could move: itself, or whole blocks of the page below it. (A web font that
   * arrives after the first paint may re-wrap the lines inside a block, the hero's description
   * moving its button: the page's own, with or without a notice, and the font's timing.)
   */
  const shifts = async (tab: Page) =>
    (await tab.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).filter((shift) =>
      / (in the notice|a block)$/.test(shift),
    );

  it('asks first, loads only acme’s tags after Accept, remembers, and changes from the footer', async () => {
    const html = await (await fetch(`${server.baseUrl}/acme`)).text();
    expect(html).toMatch(
      /<section id="hs-consent" aria-label="Cookie choices">[\s\S]*<div id="root"/,
    );
    const { context, tab, tagRequests, problems } = await visitAcme();
    const notice = tab.getByRole('region', { name: 'Cookie choices' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await consentDefaultsSet(tab);
    expect(tagRequests).toEqual([]);
    // The page with its notice passes the WCAG rules (its disclosure open: the next test).
    expect(await axeViolations(tab)).toEqual([]);

    // The keyboard path: the notice comes first, Accept and Reject one Tab apart.
    await tab.keyboard.press('Tab');
    expect(await activeText(tab)).toBe('Accept');
    await tab.keyboard.press('Tab');
    expect(await activeText(tab)).toBe('Reject');
    await tab.keyboard.press('Shift+Tab');
    await tab.keyboard.press('Enter');
    await expect.poll(() => notice.isVisible()).toBe(false);
    expect(await tab.locator('#hs-consent-status').textContent()).toMatch(/^Thank you/);

    await expect
      .poll(() => [...tagRequests].sort(), { timeout: 15_000 })
      .toEqual([
        'connect.facebook.net/en_US/fbevents.js',
        'www.googletagmanager.com/gtag/js?id=G-ACME12345',
        'www.googletagmanager.com/gtm.js?id=GTM-ACME123',
      ]);
    const layer = await dataLayer(tab);
    const defaults = layer.findIndex((item) =>
      JSON.stringify(item).startsWith('["consent","default"'),
    );
    const firstTag = layer.findIndex((item) =>
      /"gtm\.js"|^\["(js|config)"/.test(JSON.stringify(item)),
    );
    expect(defaults).toBeGreaterThanOrEqual(0);
    expect(firstTag).toBeGreaterThan(defaults);
    expect(layer).toContainEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    ]);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'hs_consent');
    expect(cookie).toMatchObject({ value: 'v1.g.g', path: '/', sameSite: 'Lax' });
    expect(await shifts(tab)).toEqual([]);

    // Remembered: the next page load shows no notice (hidden before its first paint) and loads the tags.
    tagRequests.length = 0;
    await tab.reload();
    await consentDefaultsSet(tab);
    expect(await notice.isVisible()).toBe(false);
    await expect.poll(() => tagRequests.length, { timeout: 15_000 }).toBe(3);
    expect(await shifts(tab)).toEqual([]);

    // Changed from the footer: the notice opens with the focus on its title; Reject; focus back.
    const footerButton = tab.getByRole('button', { name: 'Cookie choices' });
    await footerButton.focus();
    await tab.keyboard.press('Enter');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await activeText(tab)).toBe('Your choice about cookies');
    await tab.keyboard.press('Tab');
    await tab.keyboard.press('Tab');
    expect(await activeText(tab)).toBe('Reject');
    await tab.keyboard.press('Enter');
    await expect.poll(() => notice.isVisible()).toBe(false);
    expect(await activeText(tab)).toBe('Cookie choices');
    expect((await context.cookies()).find((entry) => entry.name === 'hs_consent')?.value).toBe(
      'v1.d.d',
    );
    expect((await dataLayer(tab)).at(-1)).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('saves an answer given before any script runs, and comes back to the page with the notice gone', async () => {
    // A slow phone or a script file that never arrives: the page's own scripts all fail.
    const context = await stack.browser.newContext({ viewport: { width: 412, height: 823 } });
    contexts.push(context);
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const tab = await context.newPage();
    await tab.goto(`${server.baseUrl}/acme?utm_source=mail`);
    const notice = tab.getByRole('region', { name: 'Cookie choices' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    // The keyboard path: the answer is a button of a form, so Enter sends it, and the server
    // sends the visitor back to the same address.
    const sent = tab.waitForRequest((request) => request.url().endsWith('/api/consent'));
    const back = tab.waitForResponse(
      (response) =>
        response.url() === `${server.baseUrl}/acme?utm_source=mail` &&
        response.request().method() === 'GET',
    );
    await tab.getByRole('button', { name: 'Reject' }).focus();
    await tab.keyboard.press('Enter');
    expect((await sent).postData()).toBe('choice=reject');
    await back;
    await tab.waitForLoadState('load');
    expect((await context.cookies()).find((entry) => entry.name === 'hs_consent')?.value).toBe(
      'v1.d.d',
    );
    // Back on the page, the remembered answer hides the notice before the first paint.
    await expect.poll(() => notice.isVisible()).toBe(false);
    expect(tab.url()).toBe(`${server.baseUrl}/acme?utm_source=mail`);
  });

  it('with Global Privacy Control, an acceptance never loads the pixel; a partner without tags gets none', async () => {
    const { tab, tagRequests, problems } = await visitAcme({ gpc: true });
    await consentDefaultsSet(tab);
    await tab.getByText('What is collected, and why').click();
    await expect.poll(() => tab.getByText(/Global Privacy Control/).isVisible()).toBe(true);
    expect(await axeViolations(tab)).toEqual([]);
    await tab.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(() => [...tagRequests].sort(), { timeout: 15_000 })
      .toEqual([
        'www.googletagmanager.com/gtag/js?id=G-ACME12345',
        'www.googletagmanager.com/gtm.js?id=GTM-ACME123',
      ]);
    expect(await dataLayer(tab)).toContainEqual([
      'consent',
      'update',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'granted',
      },
    ]);
    expect(problems).toEqual([]);

    // demo has no tags: no notice, no footer button, no tag request, no tag host in its policy.
    const response = await fetch(`${server.baseUrl}/demo`);
    expect(response.headers.get('content-security-policy')).not.toMatch(
      /googletagmanager|facebook/,
    );
    expect(await response.text()).not.toContain('hs-consent');
    tagRequests.length = 0;
    await tab.goto(`${server.baseUrl}/demo`);
    await tab.waitForLoadState('networkidle');
    expect(await tab.getByRole('button', { name: 'Cookie choices' }).count()).toBe(0);
    expect(tagRequests).toEqual([]);
  });
});
