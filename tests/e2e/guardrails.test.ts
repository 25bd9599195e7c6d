import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageGuardrails } from '../../src/services/generated/api.ts';
import { stackForThisFile } from './harness.ts';

/*
 * Issue 28, item 4 on the real build in Chromium: a visitor's view of showcase's tested landing
 * page records its LCP, CLS and INP for the version it showed (sent with sendBeacon when the page
 * is left), the report shows them, and a browser driven by automation sends nothing. The byte
 * budgets of every page (tests/e2e/budgets.test.ts) hold with the measuring code in the build.
 */
const stack = stackForThisFile();

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

interface CountRow {
  variant: string;
  metric: string;
  count: number | string;
}

describe("guardrails from real visitors, on showcase's landing page", () => {
  it('records LCP, CLS and INP for the version the visitor saw, and the report shows them', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 412, height: 823 },
      userAgent: BROWSER,
    });
    contexts.push(context);
    // A person's browser: Chromium under Playwright says it is automated, which is not measured.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    const library = page.waitForResponse((response) =>
      /\/web-vitals-[\w-]+\.js$/.test(response.url()),
    );
    await page.goto(`${stack.server.baseUrl}/showcase`);
    // The page starts, and once it is idle its measuring code and web-vitals arrive.
    await library;
    const shown = () => page.evaluate(() => sessionStorage.getItem('homesafe.pageVersions'));
    await expect.poll(shown, { timeout: 15_000 }).toMatch(/^landing:[a-z-]+$/);
    const version = (await shown())?.replace(/^landing:/, '') ?? '';
    // An interaction, so the page view has an INP: a tap on the heading (text, no link).
    await page.locator('h1').first().click();
    await page.keyboard.press('Shift');
    // The page is hidden (the visitor switches tabs or leaves): the one beacon goes. Hidden by
    // hand rather than by leaving: a beacon sent while a page unloads goes out with Chromium's own
    // user agent (HeadlessChrome here; Playwright's override is the page's), which the server
    // rightly ignores as a lab tool.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });

    await expect
      .poll(
        async () =>
          (
            await stack.server.rows<CountRow>(
              "SELECT variant, metric, count FROM guardrail_counts WHERE partner_id = 'showcase' AND page_key = 'landing'",
            )
          )
            .map((row) => `${row.variant} ${row.metric} ${Number(row.count)}`)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual([`${version} cls 1`, `${version} inp 1`, `${version} lcp 1`, `${version} views 1`]);
    // One page view, no script error.
    expect(
      await stack.server.rows("SELECT 1 FROM guardrail_counts WHERE metric LIKE 'error%'"),
    ).toEqual([]);
    expect(problems).toEqual([]);

    const report = (await (
      await fetch(`${stack.server.baseUrl}/api/report?partner=showcase`)
    ).json()) as { pages: { pageKey: string; guardrails: PageGuardrails }[] };
    const landing = report.pages.find((entry) => entry.pageKey === 'landing');
    const measured = landing?.guardrails.versions.find((entry) => entry.variant === version);
    expect(measured?.total.views).toBe(1);
    for (const metric of ['lcp', 'inp', 'cls'] as const) {
      expect(measured?.total[metric].samples, metric).toBe(1);
      expect(measured?.total[metric].p75, metric).not.toBeNull();
    }
    expect(measured?.total.lcp.p75).toBeGreaterThan(0);
    expect(measured?.days).toHaveLength(1);
  });

  it('sends nothing from a browser driven by automation (a lab tool), and loads no measuring code', async () => {
    const context = await stack.browser.newContext({ userAgent: BROWSER });
    contexts.push(context);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${stack.server.baseUrl}/showcase`);
    await page.waitForLoadState('networkidle');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('homesafe.pageVersions')), {
        timeout: 15_000,
      })
      .toMatch(/^landing:/);
    await page.locator('h1').first().click();
    await page.goto('about:blank');
    expect(requested.filter((path) => /\/api\/vitals|\/(measure|web-vitals)-/.test(path))).toEqual(
      [],
    );
  });
});
