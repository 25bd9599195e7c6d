import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FunnelReport } from '../../src/services/generated/api.ts';
import { versionColors } from '../../studio/src/experiment/versionColors.ts';
import { axeViolations } from './a11y.ts';
import { keyboardDrag } from './studioDrag.ts';
import { createPartner, focusedId, noProblems, setUpStudio, tabTo } from './studioHarness.ts';

/**
 * The Partner Studio's A/B tests in Chromium, on a temporary copy of the project: a variant added
 * to a page, changed, weighted and scheduled, with the checker's sentences under its fields, shown
 * beside the control in the preview, and saved into a file the checker passes; the results view
 * from a real API through the studio (no data), then read by the studio from the site's database
 * when the API is not running, and drawn from a stubbed
 * report with its split warning; the same by keyboard, and axe.
 */
const studio = setUpStudio({
  api: true,
  // The schedule's readouts depend on the zone the browser is in.
  context: { timezoneId: 'America/New_York', reducedMotion: 'reduce' },
});

const saved = (id: string) =>
  studio.readPartner<{
    pages: { landing: { experiment?: unknown; sections: { props: { title?: string } }[] } };
  }>(id);

/** The checker's sentence under a field of the studio's forms. */
const fieldError = (page: Page, id: string) => page.locator(`[id="${id}__error"]`);

const at = 'page-landing_experiment';
const variant0 = `${at}_variants_0`;

/** A report as GET /api/report gives it: showcase's landing page, its split off the weights. */
const step = (count: number, visitors: number, low: number, high: number) => ({
  count,
  rate: count / visitors,
  interval: { low, high },
});
const dayRow = (day: string, visitors: number, signups: number) => ({
  day,
  visitors,
  steps: {
    signups: step(signups, visitors, 0, 1),
    checkouts: step(Math.round(signups / 2), visitors, 0, 1),
    completed: step(Math.round(signups / 3), visitors, 0, 1),
    profiles: step(Math.round(signups / 4), visitors, 0, 1),
  },
});
const stubReport: FunnelReport = {
  generatedAt: '2026-05-04T12:00:00.000Z',
  method: {
    alpha: 0.05,
    tuningVisitors: 5000,
    correction: 'holm',
    minimumDifference: 0.02,
    splitThreshold: 0.001,
  },
  pages: [
    {
      partnerId: 'showcase',
      pageKey: 'landing',
      versions: [
        {
          variant: 'control',
          weight: 50,
          visitors: 1210,
          days: [
            dayRow('2026-05-01', 400, 44),
            dayRow('2026-05-02', 410, 50),
            dayRow('2026-05-03', 400, 51),
          ],
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
          // No visitor of fewer-falls on 2 May: a gap in its line, "no visitors" in the table.
          days: [dayRow('2026-05-01', 500, 80), dayRow('2026-05-03', 530, 80)],
          steps: {
            signups: {
              ...step(160, 1030, 0.1343, 0.1789),
              difference: { value: 0.0355, interval: { low: 0.0064, high: 0.0648 } },
              anytime: {
                value: 0.0355,
                interval: { low: -0.011, high: 0.082 },
                pValue: 0.2,
                adjustedPValue: 0.6,
                verdict: 'notEnoughData',
                moreVisitors: 1600,
                sentence:
                  'fewer-falls: +3.5 points signups (95% anytime interval −1.1 to +8.2): not enough data yet: about 1,600 more visitors per version for a 2-point difference',
              },
            },
            checkouts: {
              ...step(104, 1030, 0.0839, 0.121),
              difference: { value: 0.02, interval: { low: -0.004, high: 0.044 } },
              anytime: {
                value: 0.02,
                interval: { low: -0.019, high: 0.059 },
                pValue: 0.2,
                adjustedPValue: 0.6,
                verdict: 'notEnoughData',
                moreVisitors: 1300,
                sentence:
                  'fewer-falls: +2.0 points checkouts opened (95% anytime interval −1.9 to +5.9): not enough data yet: about 1,300 more visitors per version for a 2-point difference',
              },
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
        expected: { control: 1120, 'fewer-falls': 1120 },
        test: 'pearson',
        basis: 'recorded',
        weightSets: 1,
        unrecordedVisitors: 0,
        sentence:
          'The split of visitors does not match the weights they were given under (expected control 50.0%, fewer-falls 50.0%; chi-square p = 1.5e-4 < 0.001).',
      },
      comparisons: 4,
    },
  ],
  sources: { touch: 'last', rows: [] },
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
      const page = await studio.openStudio();
      // Two weeks before the variant's scheduled start (Dec 1, 2026, 9:00 in Chicago), whatever day it is.
      await page.clock.setFixedTime(new Date('2026-11-17T15:00:00Z'));
      await page.reload();
      await createPartner(page, 'trial-co');
      await page.getByRole('tab', { name: 'Pages and blocks' }).click();
      const heroTitle = saved('demo').pages.landing.sections[0]?.props.title;

      await page.fill('#new-variant-landing', 'short-hero');
      await page.getByRole('button', { name: 'Add a variant' }).click();
      // Nothing changed yet: the checker says so on the variant.
      await expect
        .poll(() => page.locator('[data-variant="short-hero"]').innerText(), { timeout: 20_000 })
        .toContain(
          // In the studio's words: the file's keys ("overrides", "sections") are left out.
          'This variant shows nothing new yet: change a setting of one of its blocks, or give it a list of blocks of its own',
        );

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
      // Not started yet: no visitors now, wherever its share is shown; the control has them all.
      await expect(page.locator('.studio-frame figcaption').allInnerTexts()).resolves.toEqual([
        'Control · 100% now',
        'short-hero · starts in 14 days (0% now)',
      ]);
      await expect(page.locator(`[id="${variant0}__legend"]`).innerText()).resolves.toContain(
        'short-hero · starts in 14 days (0% now)',
      );
      await expect(page.getByTestId('version-shares').innerText()).resolves.toMatch(
        /100% now\s+Page as written \(control\)[\s\S]*starts in 14 days \(0% now\)\s+short-hero/,
      );
      expect(await axeViolations(page)).toEqual([]);
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

      // Issue 37: demo's copy offers Spanish. The variant gives no Spanish title, so the Spanish
      // page shows the page's own there: not a problem, a warning that names the language.
      await expect
        .poll(() => page.locator('.studio-warnings').textContent(), { timeout: 20_000 })
        .toContain("the Spanish page shows the page's own Spanish text for the title");
      // Its "Show me" opens the Spanish field under the variant's change of the hero; given there,
      // the warning goes.
      const warnings = page.locator('.studio-warnings');
      await warnings.locator('summary').click();
      await warnings
        .locator('li')
        .filter({ hasText: "the Spanish page shows the page's own Spanish text for the title" })
        .getByRole('button', { name: 'Show me' })
        .click();
      const variantSpanish = `${variant0}_overrides_hero_title-es`;
      await expect.poll(() => focusedId(page)).toBe(variantSpanish);
      await page.locator(`[id="${variantSpanish}"]`).fill('Escaleras seguras para el viernes');
      await expect
        .poll(() => page.getByText("the Spanish page shows the page's own Spanish text").count(), {
          timeout: 20_000,
        })
        .toBe(0);
      // The page's hero in Spanish, under its form. Emptied, the check names the missing text in
      // words, and its "Show me" lands in the Spanish field.
      await page.getByRole('button', { name: 'Edit Hero (hero)', exact: true }).click();
      const spanishTitle = page.locator('#page-landing_sections_0_props_title-es');
      await spanishTitle.fill('');
      const missing = page
        .locator('.studio-problems li')
        .filter({ hasText: 'the Spanish page has no text for the title' });
      await missing.waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Close Hero (hero)', exact: true }).click();
      await missing.getByRole('button', { name: 'Show me' }).click();
      await expect.poll(() => focusedId(page)).toBe('page-landing_sections_0_props_title-es');
      await spanishTitle.fill('Escaleras más seguras');
      // The page in each language side by side (issue 37, item 7): the Spanish as just written.
      await page.getByLabel('Languages side by side').check();
      await expect(page.locator('.studio-frame figcaption').allInnerTexts()).resolves.toEqual([
        'English · 375 px',
        'Español · 375 px',
      ]);
      const inLanguage = (name: string) => page.frameLocator(`iframe[title^="Preview in ${name}"]`);
      await expect
        .poll(() => inLanguage('Spanish').locator('h1').innerText(), { timeout: 20_000 })
        .toBe('Escaleras más seguras');
      await expect(inLanguage('English').locator('h1').innerText()).resolves.toBe(heroTitle);
      await page.getByLabel('Versions side by side').check();

      await noProblems(page);
      await page.getByRole('button', { name: 'Review and save' }).click();
      await page.getByRole('button', { name: 'Save partners/trial-co.json' }).click();
      await page.getByText('Saved partners/trial-co.json.').waitFor();
      expect(
        studio.readPartner<{ translations: { es: { pages: { landing: { hero: unknown } } } } }>(
          'trial-co',
        ).translations.es.pages.landing.hero,
      ).toMatchObject({ title: 'Escaleras más seguras' });
      expect(studio.partnersCheck()).toMatch(/trial-co/);
      const landing = saved('trial-co').pages.landing;
      expect(landing.experiment).toEqual({
        controlWeight: 70,
        // A new test draws its visitors afresh (issue 38): its own seed, hash version 2.
        seed: expect.stringMatching(/^landing-[a-z0-9]{8}$/),
        hashVersion: 2,
        variants: [
          {
            id: 'short-hero',
            weight: 30,
            note: 'A shorter, concrete promise in the title.',
            schedule: { start: '2026-12-01T09:00:00-06:00', end: '2027-01-01T09:00:00-05:00' },
            overrides: { hero: { title: 'Safer stairs by Friday' } },
            translations: { es: { hero: { title: 'Escaleras seguras para el viernes' } } },
          },
        ],
      });
      // The page as written is untouched.
      expect(landing.sections[0]?.props.title).toBe(heroTitle);

      // Removing a variant that changes something asks first; removing the only one removes the test.
      await page.getByRole('button', { name: 'Remove variant short-hero' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Remove the variant short-hero?');
      await expect(page.locator('.studio-confirm').innerText()).resolves.toContain(
        'Its changes to 1 block go with it.',
      );
      await page.getByRole('button', { name: 'Remove short-hero', exact: true }).click();
      await expect.poll(() => page.locator('.studio-variant').count()).toBe(0);
      // Focus goes to the test's heading, not to the top of the document.
      await expect.poll(() => focusedId(page)).toBe(`${at}__legend`);
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
      const page = await studio.openPartner('Showcase Home Living');
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
      const canvas = '[data-page="landing"] > .studio-chart canvas';
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
        .locator('table')
        .first()
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText)),
        );
      expect(rows[0]?.slice(0, 3)).toEqual([
        'Control (page as written)\nweight 50',
        '1,210',
        expect.stringMatching(/^12\.0% \(145 of 1210\)\n95%: 10\.3% to 13\.9%$/),
      ]);
      // The fixed interval leaves out zero, but the verdict rests on the anytime one, which does not.
      expect(rows[1]?.[2]).toMatch(
        /vs control: \+3\.5 pts \(\+0\.6 to \+6\.5, fixed 95%\)\nanytime 95%: −1\.1 to \+8\.2 · not enough data yet/,
      );
      expect(rows[1]?.[3]).toMatch(/vs control: \+2\.0 pts \(−0\.4 to \+4\.4, fixed 95%\)/);
      await expect(result.getByTestId('verdicts').locator('li').allInnerTexts()).resolves.toEqual([
        'fewer-falls: +3.5 points signups (95% anytime interval −1.1 to +8.2): not enough data yet: about 1,600 more visitors per version for a 2-point difference',
        'fewer-falls: +2.0 points checkouts opened (95% anytime interval −1.9 to +5.9): not enough data yet: about 1,300 more visitors per version for a 2-point difference',
      ]);

      // Day by day: a line per version on a chart that names its table, and the table.
      const daily = result.getByRole('region', { name: 'Home page Day by day' });
      await expect(daily.getAttribute('data-testid')).resolves.toBe('daily-results');
      const dailyCanvas = '[data-page="landing"] [data-testid="daily-results"] canvas';
      await expect(page.locator(dailyCanvas).getAttribute('role')).resolves.toBe('img');
      await expect(page.locator(dailyCanvas).getAttribute('aria-label')).resolves.toMatch(
        /^Line chart of Home page, day by day: each version’s share of the day’s visitors who signed up, one line per version\. The same numbers are in the table below\.$/,
      );
      const dailyTableId = await daily.locator('table').getAttribute('id');
      await expect(page.locator(dailyCanvas).getAttribute('aria-describedby')).resolves.toBe(
        dailyTableId,
      );
      await expect
        .poll(async () =>
          (await pixelsOf(page, dailyCanvas, versionColors.slice(0, 2))).map((n) => n > 100),
        )
        .toEqual([true, true]);
      const dailyRows = () =>
        daily
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText)),
          );
      await expect(daily.locator('thead th').allInnerTexts()).resolves.toEqual([
        'Day (UTC)',
        'Control (page as written)',
        'fewer-falls',
      ]);
      await expect(dailyRows()).resolves.toEqual([
        ['Fri, May 1, 2026', '11.0% (44 of 400)', '16.0% (80 of 500)'],
        ['Sat, May 2, 2026', '12.2% (50 of 410)', 'no visitors'],
        ['Sun, May 3, 2026', '12.8% (51 of 400)', '15.1% (80 of 530)'],
      ]);
      // Another measure: the chart and the table follow it.
      await daily.getByLabel('Show each day’s').selectOption('visitors');
      await expect.poll(dailyRows).toEqual([
        ['Fri, May 1, 2026', '400', '500'],
        ['Sat, May 2, 2026', '410', 'no visitors'],
        ['Sun, May 3, 2026', '400', '530'],
      ]);
      await expect(page.locator(dailyCanvas).getAttribute('aria-label')).resolves.toContain(
        'the visitors given each version',
      );
      await expect(daily.locator('caption').innerText()).resolves.toContain(
        'visitors given the version, per version',
      );
      expect(await axeViolations(page)).toEqual([]);

      // The API stops: the studio reads the site's database itself (none in this copy of the
      // project: no visitors yet), and nobody is asked to start anything.
      await page.unroute('**/api/report?*');
      await studio.closeApi();
      await page.getByRole('button', { name: 'Fetch the results again' }).click();
      await expect
        .poll(() => page.getByTestId('results-empty').innerText(), { timeout: 20_000 })
        .toContain('No results for Showcase Home Living yet.');
      await expect(page.locator('.studio-results').innerText()).resolves.not.toMatch(
        /npm |terminal/,
      );
      await page.context().close();
    },
  );

  it(
    'adds and changes a variant and opens the results with the keyboard only; axe finds nothing',
    { timeout: 180_000 },
    async () => {
      const page = await studio.openStudio();
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

  it(
    'starts a variant as a full copy and edits its own blocks with the page list’s tools, makes an overrides variant a copy after asking, and saves a file the checker passes',
    { timeout: 180_000 },
    async () => {
      const page = await studio.openStudio();
      await createPartner(page, 'copy-co');
      await page.getByRole('tab', { name: 'Pages and blocks' }).click();
      const pageIds = studio
        .readPartner<{ pages: { landing: { sections: { id: string }[] } } }>('demo')
        .pages.landing.sections.map((section) => section.id);
      const whole = page.locator('[data-variant="whole"]');
      const ownIds = () =>
        whole
          .locator('.studio-block')
          .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-block-id')));
      const pageListIds = () =>
        page
          .locator('ol[aria-labelledby="blocks-heading"] > .studio-block')
          .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-block-id')));
      const live = () =>
        page.locator('[id^="DndLiveRegion"]').filter({ hasText: 'in variant whole' }).innerText();

      // A copy of the page's blocks, ids kept; focus goes to the new variant.
      await page.fill('#new-variant-landing', 'whole');
      await page.getByLabel('A full copy of the page’s blocks').check();
      await page.getByRole('button', { name: 'Add a variant' }).click();
      await expect.poll(() => focusedId(page)).toBe(`${variant0}__legend`);
      await expect.poll(ownIds).toEqual(pageIds);
      await expect(whole.locator('h4').innerText()).resolves.toContain(
        'Its own copy of the page’s blocks',
      );
      await noProblems(page);

      // Its hero gets a title of its own, in the same block form as the page's.
      await page.getByRole('button', { name: 'Edit Hero (hero) in variant whole' }).click();
      await page.fill(`#${variant0}_sections_0_props_title`, 'A whole page of its own');

      // Move down with the button: the block and the focus go down one.
      await page.getByRole('button', { name: 'Move down: Hero (hero) in variant whole' }).click();
      await expect.poll(ownIds).toEqual([pageIds[1], 'hero', ...pageIds.slice(2)]);
      await expect.poll(() => focusedId(page)).toBe(`${variant0}_sections_1_props-down`);

      // A title left empty: "Show me" opens the block again and focuses the empty field, with the
      // checker's sentence under it.
      const heroTitle = `${variant0}_sections_1_props_title`;
      await page.fill(`#${heroTitle}`, '');
      await page.getByRole('button', { name: 'Close Hero (hero) in variant whole' }).click();
      const problem = page
        .locator('.studio-problem-list li')
        .filter({ hasText: 'Home page, variant whole, hero block (hero): the title is missing' });
      await problem.waitFor({ timeout: 20_000 });
      await problem.getByRole('button', { name: 'Show me' }).click();
      await expect.poll(() => focusedId(page)).toBe(heroTitle);
      await expect(fieldError(page, heroTitle).innerText()).resolves.toBe(
        'Title is missing; fill it in',
      );
      await page.fill(`#${heroTitle}`, 'A whole page of its own');

      await page.getByRole('button', { name: 'Close Hero (hero) in variant whole' }).click();

      // The keyboard drag, as on the page's list: the get-the-scan block to the top.
      const scanAt = pageIds.indexOf('get-the-scan');
      await whole.locator('[data-block-id="get-the-scan"] .studio-handle').focus();
      await keyboardDrag(page, {
        live,
        label: 'Get the scan (get-the-scan)',
        from: scanAt + 1,
        to: 1,
        count: 6,
        where: ' in variant whole',
      });
      await expect.poll(async () => (await ownIds())[0]).toBe('get-the-scan');

      // Remove the testimonials: focus goes to the block now in their place.
      const before = await ownIds();
      const testimonialsAt = before.indexOf('testimonials');
      await page
        .getByRole('button', { name: 'Remove Testimonials (testimonials) in variant whole' })
        .click();
      await expect.poll(ownIds).toEqual(before.filter((id) => id !== 'testimonials'));
      await expect
        .poll(() => focusedId(page))
        .toBe(`${variant0}_sections_${testimonialsAt}_props-heading`);

      // A block from the library, above the footer, opened to edit.
      await page.selectOption(`#${variant0}_sections-new-block-type`, 'faq');
      await page.getByRole('button', { name: 'Add block in variant whole' }).click();
      await expect.poll(async () => (await ownIds()).slice(-2)).toEqual(['faq', 'footer']);
      await whole.locator(`[id="${variant0}_sections_${pageIds.length - 2}_props-id"]`).waitFor();
      // Demo's copy offers Spanish, and the page has no FAQ to lend its Spanish texts (issue 37):
      // the check asks for each in words naming the language; the block's Spanish fields give them.
      await page
        .locator('.studio-problem-list li')
        .filter({ hasText: 'faq block (faq): the Spanish page has no text for' })
        .first()
        .waitFor({ timeout: 20_000 });
      const spanish = whole
        .locator('[data-block-id="faq"] .studio-translation')
        .locator('input, textarea');
      const spanishCount = await spanish.count();
      expect(spanishCount).toBeGreaterThan(0);
      for (let at = 0; at < spanishCount; at += 1)
        await spanish.nth(at).fill(`Texto ${at + 1} en español`);

      // The page's own list is as it was; the variant's says how it differs.
      await expect(pageListIds()).resolves.toEqual(pageIds);
      await expect(whole.getByTestId('own-blocks-compared').innerText()).resolves.toBe(
        'Compared with the page: not in this variant: Testimonials (testimonials); only in this variant: FAQ (faq).',
      );

      // The preview shows the variant's own list, in its order, beside the control's.
      const frame = (name: string) => page.frameLocator(`iframe[title^="Preview of ${name}"]`);
      const blocksIn = (name: string) =>
        frame(name)
          .locator('[data-island], [data-static-block]')
          .evaluateAll((blocks) =>
            blocks.map(
              (block) =>
                block.getAttribute('data-island') ?? block.getAttribute('data-static-block'),
            ),
          );
      await expect.poll(() => blocksIn('whole'), { timeout: 20_000 }).toEqual(await ownIds());
      await expect.poll(() => blocksIn('Control')).toEqual(pageIds);
      await expect(frame('whole').locator('h1').innerText()).resolves.toBe(
        'A whole page of its own',
      );

      // An overrides variant becomes a copy, after saying what that means (Escape backs out).
      await page.fill('#new-variant-landing', 'tweak');
      await page.getByLabel('Changes to some of the page’s blocks').check();
      await page.getByRole('button', { name: 'Add a variant' }).click();
      const variant1 = `${at}_variants_1`;
      await page.selectOption(`#${variant1}__pick`, 'hero');
      await page.getByRole('button', { name: 'Change this block' }).click();
      await page.fill(`#${variant1}_overrides_hero_title`, 'Tweaked title');
      const makeCopy = page.getByRole('button', { name: 'Make tweak a full copy of the page' });
      await makeCopy.click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Make tweak a full copy of the page?');
      const question = page.locator('[data-variant="tweak"] .studio-confirm');
      await expect(question.innerText()).resolves.toMatch(
        /own list of the page’s 6 blocks, with its changes to hero in them[\s\S]*cannot turn it back/,
      );
      await page.keyboard.press('Escape');
      await expect.poll(() => question.count()).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Make tweak a full copy of the page');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Make the copy' }).click();
      await expect.poll(() => focusedId(page)).toBe(`${variant1}_sections-blocks-heading`);
      await expect(
        page.locator(`[data-variant="tweak"] [data-block-id="hero"]`).count(),
      ).resolves.toBe(1);
      await expect.poll(() => frame('tweak').locator('h1').innerText()).toBe('Tweaked title');
      expect(await axeViolations(page)).toEqual([]);

      await noProblems(page);
      await page.getByRole('button', { name: 'Review and save' }).click();
      await page.getByRole('button', { name: 'Save partners/copy-co.json' }).click();
      await page.getByText('Saved partners/copy-co.json.').waitFor();
      expect(studio.partnersCheck()).toMatch(/copy-co/);
      const file = studio.readPartner<{
        pages: {
          landing: {
            sections: { id: string; props: { title?: string } }[];
            experiment: {
              variants: {
                id: string;
                overrides?: unknown;
                sections?: { id: string; props: { title?: string } }[];
                translations?: { es?: Record<string, unknown> };
              }[];
            };
          };
        };
      }>('copy-co');
      const [wholeSaved, tweakSaved] = file.pages.landing.experiment.variants;
      expect(wholeSaved?.sections?.map((section) => section.id)).toEqual(await ownIds());
      expect(wholeSaved?.sections?.find((section) => section.id === 'hero')?.props.title).toBe(
        'A whole page of its own',
      );
      expect(wholeSaved?.translations?.es?.faq).toMatchObject({ title: 'Texto 1 en español' });
      expect(tweakSaved?.overrides).toBeUndefined();
      expect(tweakSaved?.sections?.map((section) => section.id)).toEqual(pageIds);
      expect(tweakSaved?.sections?.[0]?.props.title).toBe('Tweaked title');
      // The page as written is untouched.
      expect(file.pages.landing.sections.map((section) => section.id)).toEqual(pageIds);
      expect(file.pages.landing.sections[0]?.props.title).not.toBe('Tweaked title');

      // Removing a variant with its own blocks asks first; Cancel keeps it.
      await page.getByRole('button', { name: 'Remove variant whole' }).click();
      await expect(
        page.locator('[data-variant="whole"] .studio-confirm').innerText(),
      ).resolves.toContain(`Its own list of ${pageIds.length} blocks goes with it.`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Remove variant whole');
      await expect(page.locator('.studio-variant').count()).resolves.toBe(2);

      // The claim-offer page is edited like any other: a copy variant, shown beside the control
      // in the offer journey's claim-offer step.
      await page.selectOption('#page-picker', 'claimOffer');
      await page.fill('#new-variant-claimOffer', 'claim-b');
      await page.getByLabel('A full copy of the page’s blocks').check();
      await page.getByRole('button', { name: 'Add a variant' }).click();
      await page.getByRole('button', { name: 'Edit Offer (offer) in variant claim-b' }).click();
      await page.fill(
        `#page-claimOffer_experiment_variants_0_sections_0_props_headerText`,
        'A safer home, on us',
      );
      await expect
        .poll(() => page.locator('.studio-frame figcaption').allInnerTexts(), { timeout: 20_000 })
        .toEqual(['Control · 50%', 'claim-b · 50%']);
      await expect
        .poll(() => frame('claim-b').locator('h1').innerText(), { timeout: 20_000 })
        .toBe('A safer home, on us');
      await expect(frame('Control').locator('h1').innerText()).resolves.not.toBe(
        'A safer home, on us',
      );
      await page.context().close();
    },
  );

  it(
    'stops a variant and makes another the page from Test results, each asked first and reviewed; the saved files pass the checker',
    { timeout: 180_000 },
    async () => {
      const page = await studio.openStudio();
      await page.route('**/api/report?*', (route) =>
        route.fulfill({
          json: {
            ...stubReport,
            pages: stubReport.pages.map((p) => ({ ...p, partnerId: 'ship-co' })),
          },
        }),
      );
      await createPartner(page, 'ship-co');
      await page.getByRole('tab', { name: 'Pages and blocks' }).click();
      await page.fill('#new-variant-landing', 'warm');
      await page.getByRole('button', { name: 'Add a variant' }).click();
      await page.selectOption(`#${variant0}__pick`, 'hero');
      await page.getByRole('button', { name: 'Change this block' }).click();
      await page.fill(`#${variant0}_overrides_hero_title`, 'A warmer welcome home');
      await page.fill('#new-variant-landing', 'calm');
      await page.getByLabel('A full copy of the page’s blocks').check();
      await page.getByRole('button', { name: 'Add a variant' }).click();
      await page.locator('[data-variant="calm"]').waitFor();
      await noProblems(page);

      const review = async (line: RegExp) => {
        await page.getByRole('button', { name: 'Review and save' }).click();
        await page.locator('.studio-change-list').getByText(line).waitFor();
        await page.getByRole('button', { name: 'Save partners/ship-co.json' }).click();
        await page.getByText('Saved partners/ship-co.json.').waitFor();
      };
      await review(/New partner/);

      // Stop calm from the results: asked first, in plain words, then reviewed as a stop.
      await page.getByRole('tab', { name: 'Test results' }).click();
      const decide = page.getByTestId('decide');
      await decide.getByRole('button', { name: 'Stop calm' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Stop the variant calm now?');
      await expect(decide.locator('.studio-confirm').innerText()).resolves.toContain(
        'its share goes to the other versions',
      );
      const pressedAfter = Date.now();
      await decide.getByRole('button', { name: 'Stop calm', exact: true }).last().click();
      await expect(decide.locator('[data-ship="calm"]').innerText()).resolves.toMatch(
        /Stopped on .*no new visitor gets it/,
      );
      await review(/variant calm stopped on .*its share goes to the other versions/);
      expect(studio.partnersCheck()).toMatch(/ship-co/);
      type Saved = {
        pages: {
          landing: {
            experiment?: { variants: { id: string; schedule?: { end?: string } }[] };
            sections: { id: string; props: { title?: string } }[];
          };
        };
      };
      const stopped = saved('ship-co') as Saved;
      const end = stopped.pages.landing.experiment?.variants[1]?.schedule?.end ?? '';
      // Written in the studio's zone (New York), to the second, at the moment it was pressed:
      // between the press and the file being read (no bound on how long that took).
      expect(end).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
      expect(Date.parse(end)).toBeGreaterThanOrEqual(Math.floor(pressedAfter / 1000) * 1000);
      expect(Date.parse(end)).toBeLessThanOrEqual(Date.now());
      expect(stopped.pages.landing.experiment?.variants[0]?.schedule).toBeUndefined();
      // Its card says it stopped, instead of a share it no longer gets.
      await page.getByRole('tab', { name: 'Pages and blocks' }).click();
      await expect(page.locator(`[id="${at}_variants_1__legend"]`).innerText()).resolves.toMatch(
        /calm · stopped/,
      );
      await page.getByRole('tab', { name: 'Test results' }).click();

      // Make warm the page: its hero title becomes the page's and the test ends.
      await decide.getByRole('button', { name: 'Make warm the page' }).click();
      await expect(decide.locator('.studio-confirm').innerText()).resolves.toContain(
        'the A/B test of this page ends',
      );
      await decide.getByRole('button', { name: 'Make warm the page' }).last().click();
      await review(/variant warm made the page/);
      expect(studio.partnersCheck()).toMatch(/ship-co/);
      const shipped = saved('ship-co') as Saved;
      expect(shipped.pages.landing.experiment).toBeUndefined();
      expect(shipped.pages.landing.sections[0]?.props.title).toBe('A warmer welcome home');
      expect(shipped.pages.landing.sections.map((section) => section.id)).toEqual(
        stopped.pages.landing.sections.map((section) => section.id),
      );
      // The page's results stay readable: the report's page is still shown.
      await expect(page.locator('[data-page="landing"]').innerText()).resolves.toContain(
        'this page has no A/B test in the file any more',
      );
      await page.context().close();
    },
  );
});
