import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, inject } from 'vitest';
import { startServer, type TestServer } from '../../server/test/helpers.ts';
import { testChromiumExecutable } from '../../tools/chromium.ts';
import { copyProject, makeGitRepository, repoRoot } from '../support/projectCopy.ts';
import { releaseWorkerBrowser, workerBrowser } from './workerBrowser.ts';

/**
 * The Partner Studio as the studio e2e files drive it: editing a temporary copy of the project,
 * Chromium, and (with `api`) the site's API that the studio's proxy forwards /api/report to, as
 * `npm run dev` runs it. Call `setUpStudio()` at the top of a test file: it starts everything
 * before the file's tests and removes it after.
 *
 * The studio is the one globalSetup built, served by `vite preview` with the studio's own API and
 * proxy (studio/vite.config.ts): the same code and API as `npm run studio`, without a dev server
 * transforming and serving several hundred modules to every new browser context. `server: 'dev'`
 * runs `npm run studio`'s own dev server instead, for the file that proves it (studioHistory).
 */
export interface StudioHarness {
  /** The temporary project the studio reads and writes. */
  readonly root: string;
  /** The studio's address. */
  readonly base: string;
  readonly browser: Browser;
  /** The site's API, while it runs (`closeApi` stops it, to see the studio say so). */
  readonly api: TestServer | undefined;
  closeApi(): Promise<void>;
  /** A new browser context on the studio's start screen. */
  openStudio(options?: BrowserContextOptions): Promise<Page>;
  /** The studio in a new context (no drafts kept in the browser), this partner (by its name) open. */
  openPartner(name: string): Promise<Page>;
  /** A partner file of the temporary project, parsed; the caller names the parts it reads. */
  readPartner<T>(id: string): T;
  /** `npm run partners:check` on the temporary project; throws with its output when it fails. */
  partnersCheck(): string;
}

export function setUpStudio({
  api: withApi = false,
  context = {},
  git = false,
  server = 'built',
}: {
  api?: boolean;
  context?: BrowserContextOptions;
  /** Make the temporary project a git repository, its files committed (saves can be recorded). */
  git?: boolean;
  /** The built studio (the default) or `npm run studio`'s dev server. */
  server?: 'built' | 'dev';
} = {}): StudioHarness {
  const project = copyProject();
  if (git) makeGitRepository(project.root);
  let studio: ViteDevServer | PreviewServer | undefined;
  let browser: Browser | undefined;
  let api: TestServer | undefined;
  let base = '';
  let chromiumPathBefore: string | undefined;

  beforeAll(async () => {
    if (withApi) {
      api = await startServer();
      process.env.API_PORT = new URL(api.baseUrl).port;
    }
    process.env.STUDIO_PROJECT_ROOT = project.root;
    // The studio's "Share for sign-off" takes its pictures in the test browser too (its
    // CHROMIUM_PATH setting, read when the studio's config loads): the tests check their sizes,
    // not their pixels.
    chromiumPathBefore = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = testChromiumExecutable;
    const configFile = join(repoRoot, 'studio/vite.config.ts');
    if (server === 'dev') {
      const dev = await createServer({ configFile, server: { port: 0 }, logLevel: 'warn' });
      studio = await dev.listen();
    } else {
      studio = await preview({
        configFile,
        build: { outDir: inject('studioDistDir') },
        preview: { port: 0, host: '127.0.0.1' },
        logLevel: 'warn',
      });
    }
    base = studio.resolvedUrls?.local[0] ?? '';
    browser = await workerBrowser();
  }, 120_000);

  afterAll(async () => {
    if (browser) await releaseWorkerBrowser(browser);
    await studio?.close();
    await api?.close();
    delete process.env.STUDIO_PROJECT_ROOT;
    if (chromiumPathBefore === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = chromiumPathBefore;
    delete process.env.API_PORT;
    project.remove();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('the studio harness has not started (use it in tests)');
    return value;
  };

  return {
    root: project.root,
    get base() {
      return base;
    },
    get browser() {
      return started(browser);
    },
    get api() {
      return api;
    },
    async closeApi() {
      await api?.close();
      api = undefined;
    },
    async openStudio(options = {}) {
      const page = await started(browser)
        // Reduced motion: the preview frames' carousels stand still (playing, an open studio
        // left alone took ten times the CPU), as they do for a partner manager who asks for it.
        .newContext({
          viewport: { width: 1600, height: 1000 },
          reducedMotion: 'reduce',
          ...context,
          ...options,
        })
        .then((created) => created.newPage());
      await page.goto(base);
      await page.getByRole('heading', { name: 'Partner Studio' }).waitFor();
      return page;
    },
    async openPartner(name) {
      // A new context keeps nothing of another's: no draft to clear, no reload to clear it.
      const page = await this.openStudio();
      await page.getByRole('button', { name: `Open ${name}` }).click();
      return page;
    },
    readPartner<T>(id: string): T {
      return JSON.parse(readFileSync(join(project.root, 'partners', `${id}.json`), 'utf8')) as T;
    },
    partnersCheck: () =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', join(repoRoot, 'tools/partners-check.ts'), '--root', project.root],
        { cwd: repoRoot, encoding: 'utf8' },
      ),
  };
}

/** Waits until the studio's checker passes the draft. */
export async function noProblems(page: Page): Promise<void> {
  await page
    .getByTestId('draft-state')
    .filter({ hasText: 'The partner check finds no problems.' })
    .waitFor({ timeout: 20_000 });
}

/** Presses Tab (Shift+Tab going back) until the focused element matches the selector. */
export async function tabTo(
  page: Page,
  selector: string,
  { max = 250, back = false } = {},
): Promise<void> {
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${selector}`);
}

export const focusedId = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => document.activeElement?.id);

/** Creates a partner from the start screen (a copy of the demo) and waits for its editor. */
export async function createPartner(page: Page, id: string): Promise<void> {
  await page.fill('#new-id', id);
  await page.getByRole('button', { name: 'Create partner' }).click();
  await page.getByRole('tab', { name: 'Partner settings' }).waitFor();
}
