import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startServer, type TestServer } from '../../server/test/helpers.ts';
import { chromiumLaunchOptions } from '../../tools/chromium.ts';

/**
 * End-to-end harness: the built site and the real API on 127.0.0.1 (SQLite in a temp folder, test
 * payments, local bot check), driven by Debian's chromium through playwright-core.
 */
export interface RecordedRequest {
  path: string;
  body: unknown;
}

export interface Journey {
  page: Page;
  context: BrowserContext;
  /** JSON bodies of the API POSTs the page sent, in order. */
  requests: RecordedRequest[];
  /** Analytics pushes to window.dataLayer, across full page loads. */
  events: unknown[][];
}

export async function startStack(): Promise<{
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}> {
  const server = await startServer({ build: { staticDir: inject('distDir') } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export async function openJourney(browser: Browser, width = 1280): Promise<Journey> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });
  const requests: RecordedRequest[] = [];
  const events: unknown[][] = [];
  await context.exposeBinding(
    '__recordAnalytics',
    (_source, event: unknown[]) => void events.push(event),
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
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      request.method() === 'POST' &&
      url.pathname.startsWith('/api/') &&
      !url.pathname.startsWith('/api/test-payments')
    ) {
      requests.push({ path: url.pathname, body: request.postDataJSON() as unknown });
    }
  });
  return { page, context, requests, events };
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
