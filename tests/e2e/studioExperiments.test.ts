import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelReport } from '../../server/report/funnelReport.ts';
import { startServer, type TestServer } from '../../server/test/helpers.ts';
import { versionColors } from '../../studio/src/versionColors.ts';
import { chromiumLaunchOptions } from '../../tools/chromium.ts';
import { copyProject, repoRoot } from '../support/projectCopy.ts';
import { axeViolations } from './a11y.ts';

/**
 * The Partner Studio's A/B tests in Chromium, on a temporary copy of the project: a variant added
 * to a page, changed, weighted and scheduled, with the checker's sentences under its fields, shown
 * beside the control in the preview, and saved into a file the checker passes; the results view
 * through the studio's proxy to a real API (no data, then not running) and drawn from a stubbed
 * report with its split warning; the same by keyboard, and axe.
 */
const project = copyProject();
let api: TestServer | undefined;
let studio: ViteDevServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  // The site's API the studio's proxy forwards /api/report to (as `npm run dev` runs it on 8787).
  api = await startServer();
  process.env.API_PORT = new URL(api.baseUrl).port;
  process.env.STUDIO_PROJECT_ROOT = project.root;
  studio = await createServer({
    configFile: join(repoRoot, 'studio/vite.config.ts'),
    server: { port: 0 },
    logLevel: 'silent',
  });
  await studio.listen();
  base = studio.resolvedUrls?.local[0] ?? '';
  browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
  await api?.close();
  delete process.env.STUDIO_PROJECT_ROOT;
  delete process.env.API_PORT;
  project.remove();
});

async function openStudio(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    // The schedule's readouts depend on the zone the browser is in.
    timezoneId: 'America/New_York',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByRole('heading', { name: 'Partner Studio' }).waitFor();
  return page;
}

async function createPartner(page: Page, id: string) {
  await page.fill('#new-id', id);
  await page.getByRole('button', { name: 'Create partner' }).click();
  await page.getByRole('tab', { name: 'Partner settings' }).waitFor();
}

async function noProblems(page: Page) {
  await page
    .getByTestId('draft-state')
    .filter({ hasText: 'The partner check finds no problems.' })
    .waitFor({ timeout: 20_000 });
}

const partnersCheck = () =>
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'tools/partners-check.ts'), '--root', project.root],
    { cwd: repoRoot, encoding: 'utf8' },
  );

const saved = (id: string) =>
  JSON.parse(readFileSync(join(project.root, 'partners', `${id}.json`), 'utf8')) as {
    pages: { landing: { experiment?: unknown; sections: { props: { title?: string } }[] } };
  };

/** The checker's sentence under a field of the studio's forms. */
const fieldError = (page: Page, id: string) => page.locator(`[id="${id}__error"]`);

const at = 'page-landing_experiment';
const variant0 = `${at}_variants_0`;

/** Presses Tab (Shift+Tab going back) until the focused element matches the selector. */
async function tabTo(page: Page, selector: string, { max = 250, back = false } = {}) {
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${selector}`);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

/** A report as GET /api/report gives it: showcase's landing page, its split off the weights. */
const step = (count: number, visitors: number, low: number, high: number) => ({
  count,
  rate: count / visitors,
  interval: { low, high },
});
const stubReport: FunnelReport = {
  generatedAt: '2026-05-04T12:00:00.000Z',
  pages: [
    {
      partnerId: 'showcase',
      pageKey: 'landing',
      versions: [
        {
          variant: 'control',
          weight: 50,
          visitors: 1210,
          days: [],
          steps: {
            signups: step(145, 1210, 0.1027, 0.1394),
            checkouts: step(98, 1210, 0.0668, 0.0979),
            completed: step(61, 1210, 0.0395, 0.0642),
            profiles: step(40, 1210, 0.0243, 0.0447),
          },
        },
        {
          variant: 'fewer-falls',
          weight: 50,
          visitors: 1030,
          days: [],
          steps: {
            signups: {
              ...step(160, 1030, 0.1343, 0.1789),
              difference: { value: 0.0355, interval: { low: 0.0064, high: 0.0648 } },
            },
            checkouts: {
              ...step(104, 1030, 0.0839, 0.121),
              difference: { value: 0.02, interval: { low: -0.004, high: 0.044 } },
            },
            completed: {
              ...step(70, 1030, 0.0541, 0.0851),
              difference: { value: 0.0176, interval: { low: -0.002, high: 0.037 } },
            },
            profiles: {
              ...step(44, 1030, 0.0319, 0.057),
              difference: { value: 0.0096, interval: { low: -0.006, high: 0.025 } },
            },
          },
        },
      ],
      split: {
        pValue: 0.00015,
        mismatch: true,
        expectedShares: { control: 0.5, 'fewer-falls': 0.5 },
      },
    },
  ],
};

/** How many of the canvas's pixels are drawn in each colour (the chart's bars). */
function pixelsOf(page: Page, selector: string, colours: readonly string[]) {
  return page.locator(selector).evaluate((canvas, hexes) => {
    const context = (canvas as HTMLCanvasElement).getContext('2d');
    if (!context) return hexes.map(() => 0);
    const { data } = context.getImageData(0, 0, canvas.clientWidth * 2, canvas.clientHeight * 2);
    const rgb = hexes.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
    const counts = hexes.map(() => 0);
    for (let i = 0; i < data.length; i += 4) {
      rgb.forEach(([r, g, b], index) => {
        if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255)
          counts[index] = (counts[index] ?? 0) + 1;
      });
    }
    return counts;
  }, colours);
}

describe('Partner Studio A/B tests', () => {
  it(
    'adds a variant, changes its hero, weights and schedules it, shows both versions side by side and saves a file the checker passes',
    { timeout: 180_000 },
    async () => {
      const page = await openStudio();
      await createPartner(page, 'trial-co');
      await page.getByRole('tab', { name: 'Pages and blocks' }).click();
      const heroTitle = JSON.parse(readFileSync(join(project.root, 'partners/demo.json'), 'utf8'))
        .pages.landing.sections[0].props.title as string;

      await page.fill('#new-variant-landing', 'short-hero');
      await page.getByRole('button', { name: 'Add a variant' }).click();
      // Nothing changed yet: the checker says so on the variant.
      await expect
        .poll(() => page.locator('[data-variant="short-hero"]').innerText(), { timeout: 20_000 })
        .toContain('a variant needs either its own "sections" or "overrides"');

      await page.selectOption(`#${variant0}__pick`, 'hero');
      await page.getByRole('button', { name: 'Change this block' }).click();
      await page.fill(`#${variant0}_overrides_hero_title`, 'Safer stairs by Friday');
      await expect(page.locator('[data-override="hero"]').innerText()).resolves.toContain(
        'Changed: Title',
      );

      // Weights, and each version's share in %.
      await page.fill(`#${at}_controlWeight`, '70');
      await page.fill(`#${variant0}_weight`, '30');
      await expect
        .poll(() => page.getByTestId('version-shares').innerText())
        .toMatch(/70%\s+Page as written \(control\)[\s\S]*30%\s+short-hero/);
      await expect(page.locator(`[id="${variant0}__legend"]`).innerText()).resolves.toContain(
        '30% of visitors',
      );
      await page.fill(`#${variant0}_note`, 'A shorter, concrete promise in the title.');

      // A schedule in Chicago's time: the offset of that day is written, the readout says it in UTC.
      await page.fill(`#${variant0}_schedule_start`, '2026-12-01T09:00');
      await page.selectOption(`#${variant0}_schedule_start__zone`, 'America/Chicago');
      await expect(
        page.locator(`[id="${variant0}_schedule_start__when"]`).innerText(),
      ).resolves.toBe(
        'Dec 1, 2026, 9:00 AM in US Central (Chicago), which is Dec 1, 2026, 3:00 PM UTC',
      );
      // An end before the start, and "control" as a name: the checker's sentences under the fields.
      await page.fill(`#${variant0}_schedule_end`, '2026-11-01T09:00');
      await page.fill(`#${variant0}_id`, 'control');
      await expect
        .poll(() => fieldError(page, `${variant0}_schedule_end`).innerText(), { timeout: 20_000 })
        .toContain('the end must come after the start');
      await expect
        .poll(() => fieldError(page, `${variant0}_id`).innerText())
        .toContain('"control" is the name of the page as written');
      await page.fill(`#${variant0}_id`, 'short-hero');
      await page.fill(`#${variant0}_schedule_end`, '2027-01-01T09:00');

      // The preview: control and variant side by side, each with its share and its own title.
      const frame = (name: string) => page.frameLocator(`iframe[title^="Preview of ${name}"]`);
      await expect
        .poll(() => frame('short-hero').locator('h1').innerText(), { timeout: 20_000 })
        .toBe('Safer stairs by Friday');
      await expect(frame('Control').locator('h1').innerText()).resolves.toBe(heroTitle);
      await expect(page.locator('.studio-frame figcaption').allInnerTexts()).resolves.toEqual([
        'Control · 70%',
        'short-hero · 30%',
      ]);
      const widths = await page
        .locator('.studio-frame iframe')
        .evaluateAll((frames) => frames.map((f) => (f as HTMLIFrameElement).width));
      expect(widths).toEqual(['375', '375']);
      // The widths view is one choice away, and shows the control.
      await page.getByLabel('Screen widths').check();
      await expect(page.locator('.studio-frame figcaption').allInnerTexts()).resolves.toEqual([
        'Phone · 375 px',
        'Tablet · 1024 px',
        'Desktop · 1440 px',
      ]);
      await page.getByLabel('Versions side by side').check();

      await noProblems(page);
      await page.getByRole('button', { name: 'Review and save' }).click();
      await page.getByRole('button', { name: 'Save partners/trial-co.json' }).click();
      await page.getByText('Saved partners/trial-co.json.').waitFor();
      expect(partnersCheck()).toMatch(/trial-co/);
      const landing = saved('trial-co').pages.landing;
      expect(landing.experiment).toEqual({
        controlWeight: 70,
        variants: [
          {
            id: 'short-hero',
            weight: 30,
            note: 'A shorter, concrete promise in the title.',
            schedule: { start: '2026-12-01T09:00:00-06:00', end: '2027-01-01T09:00:00-05:00' },
            overrides: { hero: { title: 'Safer stairs by Friday' } },
          },
        ],
      });
      // The page as written is untouched.
      expect(landing.sections[0]?.props.title).toBe(heroTitle);

      // Removing the only variant removes the test.
      await page.getByRole('button', { name: 'Remove variant short-hero' }).click();
      await expect.poll(() => page.locator('.studio-variant').count()).toBe(0);
      await expect(page.locator('.studio-frame figcaption').first().innerText()).resolves.toBe(
        'Phone · 375 px',
      );
      await page.context().close();
    },
  );

  it(
    'draws the results from the report, warns of a split off the weights, and says when there is no data or no API',
    { timeout: 120_000 },
    async () => {
      const page = await openStudio();
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.getByRole('button', { name: 'Open Showcase Home Living' }).click();
      await page.getByRole('tab', { name: 'Test results' }).click();
      // The real API, through the studio's proxy: nobody has visited yet.
      await expect
        .poll(() => page.getByTestId('results-empty').innerText(), { timeout: 20_000 })
        .toContain('No results for Showcase Home Living yet.');
      // The preview steps aside for the results.
      await expect(page.locator('.studio-preview').count()).resolves.toBe(0);

      // A report with data, intercepted on its way from the API.
      let asked = '';
      await page.route('**/api/report?*', async (route) => {
        asked = new URL(route.request().url()).search;
        await route.fulfill({ json: stubReport });
      });
      await page.getByRole('button', { name: 'Fetch the results again' }).click();
      const result = page.locator('[data-page="landing"]');
      await result.waitFor();
      expect(asked).toBe('?partner=showcase');
      await expect(result.getByRole('heading', { level: 3 }).innerText()).resolves.toBe(
        'Home page',
      );
      await expect(page.getByTestId('split-warning').innerText()).resolves.toMatch(
        /the split of visitors does not match the weights\. Expected control 50\.0%, fewer-falls 50\.0%; got control 54\.0%, fewer-falls 46\.0%/,
      );
      // The chart draws a bar in each version's colour; it names itself and its table.
      const canvas = '[data-page="landing"] canvas';
      await expect(page.locator(canvas).getAttribute('role')).resolves.toBe('img');
      await expect(page.locator(canvas).getAttribute('aria-label')).resolves.toContain(
        'The same numbers are in the table below.',
      );
      await expect
        .poll(async () =>
          (await pixelsOf(page, canvas, versionColors.slice(0, 2))).map((n) => n > 500),
        )
        .toEqual([true, true]);
      const rows = await result
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText)),
        );
      expect(rows[0]?.slice(0, 3)).toEqual([
        'Control (page as written)\nweight 50',
        '1,210',
        expect.stringMatching(/^12\.0% \(145 of 1210\)\n95%: 10\.3% to 13\.9%$/),
      ]);
      expect(rows[1]?.[2]).toMatch(/vs control: \+3\.5 pts \(\+0\.6 to \+6\.5\) higher/);
      expect(rows[1]?.[3]).toMatch(/vs control: \+2\.0 pts \(−0\.4 to \+4\.4\) could be chance/);
      expect(await axeViolations(page)).toEqual([]);

      // The API stops: the view says how to start it.
      await page.unroute('**/api/report?*');
      await api?.close();
      api = undefined;
      await page.getByRole('button', { name: 'Fetch the results again' }).click();
      await expect
        .poll(() => page.getByRole('alert').innerText(), { timeout: 20_000 })
        .toContain('The site’s API is not answering');
      await expect(page.getByRole('alert').innerText()).resolves.toContain('npm run dev');
      await page.context().close();
    },
  );

  it(
    'adds and changes a variant and opens the results with the keyboard only; axe finds nothing',
    { timeout: 180_000 },
    async () => {
      const page = await openStudio();
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.route('**/api/report?*', (route) =>
        route.fulfill({
          json: {
            ...stubReport,
            pages: stubReport.pages.map((p) => ({ ...p, partnerId: 'keys-co' })),
          },
        }),
      );
      await tabTo(page, '#new-id');
      await page.keyboard.type('keys-co');
      await page.keyboard.press('Enter');
      await page.getByRole('tab', { name: 'Pages and blocks' }).waitFor();
      await tabTo(page, '#tab-settings');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedId(page)).toBe('tab-pages');

      // The link at the top of the page's blocks leads to its A/B test.
      await tabTo(page, `a[href="#${at}__legend"]`);
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedId(page)).toBe(`${at}__legend`);
      await tabTo(page, '#new-variant-landing');
      await page.keyboard.type('by-keys');
      await page.keyboard.press('Enter');
      await page.locator('[data-variant="by-keys"]').waitFor();

      // Choose the hero in the block list, open it: focus goes to its first field.
      await tabTo(page, `#${variant0}__pick`);
      await page.keyboard.press('Home');
      await expect.poll(() => page.inputValue(`#${variant0}__pick`)).toBe('hero');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedId(page)).toMatch(new RegExp(`^${variant0}_overrides_hero_`));
      await tabTo(page, `#${variant0}_overrides_hero_title`);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Typed with the keyboard');
      await tabTo(page, `#${variant0}_weight`, { back: true });
      await page.keyboard.press('Control+A');
      await page.keyboard.type('25');
      await expect
        .poll(() => page.getByTestId('version-shares').innerText())
        .toMatch(/66\.7%\s+Page as written \(control\)[\s\S]*33\.3%\s+by-keys/);
      await noProblems(page);
      await expect
        .poll(() =>
          page.frameLocator('iframe[title^="Preview of by-keys"]').locator('h1').innerText(),
        )
        .toBe('Typed with the keyboard');
      expect(await axeViolations(page)).toEqual([]);

      // The results, two tabs along.
      await tabTo(page, '#tab-pages', { back: true, max: 400 });
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedId(page)).toBe('tab-results');
      await page.locator('[data-testid="split-warning"]').waitFor();
      await tabTo(page, '.studio-results button');
      await page.keyboard.press('Enter');
      // The table of the chart's numbers can be scrolled by keyboard.
      await tabTo(page, '.studio-table-scroll');
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});
