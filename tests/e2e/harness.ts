import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { loadConfig } from '../../src/config/node/loadConfig.ts';
import { startServer, type TestServer } from '../../server/test/helpers.ts';
import { releaseWorkerBrowser, workerBrowser } from './workerBrowser.ts';

/**
 * End-to-end harness: the built site and the real API on 127.0.0.1 (SQLite in a temp folder, test
 * payments, local bot check), driven by Debian's chromium through playwright-core.
 */
export interface RecordedRequest {
  path: string;
  body: unknown;
}

/** One request the page sent to the API (any method), as it left the browser. */
export interface ApiCall {
  method: string;
  path: string;
}

export interface Journey {
  page: Page;
  context: BrowserContext;
  /** JSON bodies of the API POSTs the page sent, in order. */
  requests: RecordedRequest[];
  /** Analytics pushes to window.dataLayer, across full page loads. */
  events: unknown[];
  /** Every request to /api/ (GET polls and test-payment calls included), in order. */
  apiCalls: ApiCall[];
  /** Every URL the main frame showed, full loads and in-app navigations alike, in order. */
  visited: string[];
}

/** The project's partner files and site file, checked and loaded as the server loads them. */
export const project = loadConfig({ root: new URL('../..', import.meta.url).pathname });

export interface Stack {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const server = await startServer({ build: { staticDir: inject('distDir') }, env });
  const browser = await workerBrowser();
  return {
    server,
    browser,
    close: async () => {
      await releaseWorkerBrowser(browser);
      await server.close();
    },
  };
}

/**
 * The stack for one test file: started before its tests, stopped after them (after-hooks the file
 * registers later run first, so they can still use it).
 */
export function stackForThisFile(
  /** Server settings of this file's server (such as a limit the file tests). */
  env: Record<string, string> = {},
): Pick<Stack, 'server' | 'browser'> {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(env);
  });
  afterAll(async () => stack?.close());
  const started = () => {
    if (!stack) throw new Error('The end-to-end stack has not started');
    return stack;
  };
  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
  };
}

export async function openJourney(browser: Browser, width = 1280): Promise<Journey> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });
  const requests: RecordedRequest[] = [];
  const events: unknown[] = [];
  await context.exposeBinding(
    '__recordAnalytics',
    (_source, event: unknown) => void events.push(event),
  );
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...items: unknown[]) => {
      for (const item of items) {
        (window as unknown as { __recordAnalytics(event: unknown): void }).__recordAnalytics(
          JSON.parse(JSON.stringify(item)),
        );
      }
      return push(...items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  const page = await context.newPage();
  const apiCalls: ApiCall[] = [];
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) {
      apiCalls.push({ method: request.method(), path: url.pathname });
    }
    if (
      request.method() === 'POST' &&
      url.pathname.startsWith('/api/') &&
      !url.pathname.startsWith('/api/test-payments')
    ) {
      requests.push({ path: url.pathname, body: request.postDataJSON() as unknown });
    }
  });
  return { page, context, requests, events, apiCalls, visited };
}

/** Fills the partner's signup form the way a visitor would and sends it. */
export async function signUp(
  page: Page,
  values: { email: string; zipCode?: string; describeHome?: string },
) {
  await page.getByLabel(/email/i).first().fill(values.email);
  const zip = page.locator('#get-the-scan').getByLabel(/zip/i);
  if (values.zipCode !== undefined && (await zip.count()) > 0) await zip.fill(values.zipCode);
  const select = page.locator('#get-the-scan').getByRole('combobox');
  if (values.describeHome !== undefined && (await select.count()) > 0) {
    await select.click();
    await page.getByRole('option', { name: values.describeHome }).click();
  }
  await page.locator('#get-the-scan').getByRole('button', { name: /./ }).last().click();
}

/** How many calls to this API path (any method) the journey made so far. */
/**
 * A prerendered page has settled without the visitor: its first script (the entry, which decides
 * when the app starts) has come and the network is quiet.
 */
export async function settledWithoutActing(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name)),
  );
  await page.waitForLoadState('networkidle');
}

/**
 * The visitor's first act, one that changes nothing on the page (a Shift key), until the app has
 * taken over #root: a prerendered page starts its app only then (src/app/whenAppNeeded.ts). An act
 * before the page's first script listens is not seen (a visitor's next one is), so it is repeated.
 */
export async function startTheApp(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Shift');
        return page.evaluate(() => {
          const root = document.getElementById('root');
          return (
            root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
          );
        });
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

export const callCount = (journey: Pick<Journey, 'apiCalls'>, path: string) =>
  journey.apiCalls.filter((call) => call.path === path).length;

/**
 * Rewrites the JSON body of the page's POSTs to `path` before they reach the real server (the
 * response is the server's own; nothing is mocked). Journey.requests keeps the body as the page
 * sent it, before the rewrite.
 */
export async function rewriteRequestBody(
  page: Page,
  path: string,
  change: (body: Record<string, unknown>) => Record<string, unknown>,
) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify(change(body)) });
    },
  );
}

/** The global alert (Radix toast) while it is open. */
export const openAlert = (page: Page) => page.locator('[data-alert-type][data-state="open"]');

/** The open alert's type, title and message (the toast's Title and Description). */
export async function readAlert(page: Page) {
  const toast = openAlert(page);
  await toast.waitFor();
  return toast.evaluate((element) => ({
    type: element.getAttribute('data-alert-type'),
    title: element.children[0]?.textContent?.trim(),
    message: element.children[1]?.textContent?.trim(),
  }));
}

/** Signs up on the partner's landing page and claims the offer, up to the test checkout. */
export async function openTestCheckout(
  page: Page,
  baseUrl: string,
  partnerId: string,
  email: string,
) {
  await page.goto(`${baseUrl}/${partnerId}`);
  await signUp(page, { email, zipCode: '02139', describeHome: 'I live in this home' });
  await page.waitForURL(`${baseUrl}/${partnerId}/claim-offer`);
  await page.getByRole('button', { name: 'Claim this offer' }).click();
  await page.getByRole('button', { name: /^Pay/ }).waitFor();
}

export interface HomeProfileAnswers {
  describeHome?: string;
  name: string;
  zipCode: string;
  floors?: string;
  ownTheHome?: string;
}

async function choose(page: Page, combobox: RegExp, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the create-home form the way a visitor would (labels as the visitor sees them). */
export async function fillHomeProfile(page: Page, answers: HomeProfileAnswers) {
  if (answers.describeHome !== undefined) {
    await choose(page, /Which best describes you/, answers.describeHome);
  }
  await page.getByLabel(/Name of this Home Scan/).fill(answers.name);
  await page.getByLabel(/^Zip code/).fill(answers.zipCode);
  if (answers.floors !== undefined) await choose(page, /How many floors/, answers.floors);
  if (answers.ownTheHome !== undefined) await choose(page, /own the home/, answers.ownTheHome);
}
