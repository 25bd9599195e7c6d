import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PartnerConfig, Section } from '../../src/config/generated/partner.ts';
import { startServer, type TestServer } from '../../server/test/helpers.ts';
import { copyProject } from '../support/projectCopy.ts';
import { stackForThisFile } from './harness.ts';
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
 */
async function hydrated(tab: Page) {
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
 */
function acme(demo: PartnerConfig): PartnerConfig {
  const sections = demo.pages.landing.sections.map((section): Section => {
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

describe('URL-driven copy in islands and variants', () => {
  const project = copyProject();
  const outDir = join(project.root, 'dist');
  let server: TestServer;

  beforeAll(async () => {
    const demo = JSON.parse(
      readFileSync(join(project.root, 'partners', 'demo.json'), 'utf8'),
    ) as PartnerConfig;
    writeFileSync(join(project.root, 'partners', 'acme.json'), JSON.stringify(acme(demo), null, 2));
    const root = new URL('../..', import.meta.url).pathname;
    await productionBuild(root, outDir, { HOMESAFE_PARTNERS_DIR: join(project.root, 'partners') });
    server = await startServer({ build: { staticDir: outDir, root: project.root } });
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    project.remove();
  });

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
