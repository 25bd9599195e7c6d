import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readAlert, signUp, stackForThisFile } from './harness.ts';
import { journeysForThisFile } from './journeys.ts';

/*
 * Issue 30, "a clear message at every failure": what a visitor on a phone (412 px) sees when the
 * page's own scripts or the network fail, against the built site and the real API. A chunk that an
 * open tab no longer finds after a deploy is answered 404 here (playwright route interception).
 */

const PARTNER = 'demo';
const stack = stackForThisFile();
const { newJourney, at, uniqueEmail } = journeysForThisFile(stack, 412);

/** Answers 404 for the built chunk of this name (`/assets/<name>-<hash>.js`), `times` times. */
function missingChunk(page: Page, name: string, times = Infinity) {
  return missingFile(page, new RegExp(`/assets/${name}-[\\w-]+\\.js$`), times);
}

/** Answers 404 for the files whose path matches `pattern`, `times` times. */
async function missingFile(page: Page, pattern: RegExp, times = Infinity) {
  let answered = 0;
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route: Route) => {
      if (answered >= times) return route.continue();
      answered += 1;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    },
  );
  return { answered: () => answered };
}

/** How many times the main frame loaded a document (a reload counts once more). */
function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

/** Resolves once the signup form's button comes alive: the form's code has hydrated it. */
const signupFormHydrated = (page: Page) =>
  expect
    .poll(() => page.locator('#get-the-scan').getByRole('button', { name: /./ }).last().isEnabled())
    .toBe(true);

const errorHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'This page did not load' });

describe('a script that fails to load', () => {
  it("starts the app on the page's own rules when the whole stylesheet is missing", async () => {
    // A prerendered page inlines only its own rules; the app links the whole stylesheet as it
    // starts and hydrates once it has arrived or failed (src/app/preloadStart.ts).
    const { page } = await newJourney();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const stylesheet = await missingFile(page, /^\/assets\/style-[\w-]+\.css$/);
    await page.goto(at(`/${PARTNER}`));
    const email = page.locator('#get-the-scan').getByLabel(/email/i);
    await email.fill('styled-anyway@example.com');
    // The signup form hydrates (its button comes alive) although the stylesheet never came.
    await signupFormHydrated(page);
    expect(stylesheet.answered()).toBeGreaterThan(0);
    // Still drawn by the inline rules: the page's font and the skip link kept off screen.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /Atkinson Hyperlegible/,
    );
    const skip = await page.locator('.skip-link').boundingBox();
    expect(skip?.y ?? 0).toBeLessThan(0);
    expect(await email.inputValue()).toBe('styled-anyway@example.com');
    expect(await errorHeading(page).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("keeps an island's prerendered HTML, and the rest of the page, when its code is missing", async () => {
    const { page } = await newJourney();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const chunk = await missingChunk(page, 'Testimonials');
    const loads = countLoads(page);
    await page.goto(at(`/${PARTNER}`));
    const carousel = page.locator('[data-island="testimonials"]').first();
    const quotesBefore = await carousel.locator('blockquote, p').count();
    expect(quotesBefore).toBeGreaterThan(0);

    // Scrolled near, the carousel asks for its code, which is gone.
    await carousel.locator('*').first().scrollIntoViewIfNeeded();
    await expect.poll(chunk.answered).toBeGreaterThan(0);
    // The rest of the page hydrates and works: the signup form below takes its code and an email.
    const email = page.locator('#get-the-scan').getByLabel(/email/i);
    await email.fill('still-here@example.com');
    await signupFormHydrated(page);

    expect(await carousel.locator('blockquote, p').count()).toBe(quotesBefore);
    expect(await carousel.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await errorHeading(page).count()).toBe(0);
    expect(await email.inputValue()).toBe('still-here@example.com');
    expect(loads()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('reloads the page once when a route chunk is missing after a deploy, keeping the email', async () => {
    const { page } = await newJourney();
    const chunk = await missingChunk(page, 'ClaimOffer', 1);
    const loads = countLoads(page);
    await page.goto(at(`/${PARTNER}`));
    const email = uniqueEmail('deploy');
    await signUp(page, { email, zipCode: '02139' });

    // The claim-offer step's chunk answers 404 once: the page reloads by itself (a second load),
    // gets the chunk, and the step shows with the email the visitor typed.
    await page
      .getByText(`We will send your scanning instructions to ${email}.`)
      .waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe(`/${PARTNER}/claim-offer`);
    expect(chunk.answered()).toBe(1);
    expect(loads()).toBe(2);
    await page.getByRole('button', { name: 'Claim this offer' }).click();
    await page.getByRole('button', { name: /^Pay/ }).waitFor();
  });

  it('shows the error page, not a blank one and not a reload loop, when a chunk keeps failing', async () => {
    const { page } = await newJourney();
    const chunk = await missingChunk(page, 'ClaimOffer');
    const loads = countLoads(page);
    await page.goto(at(`/${PARTNER}`));
    await signUp(page, { email: uniqueEmail('broken'), zipCode: '02139' });

    await errorHeading(page).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await page.locator('main').innerText()).toContain('Please try again.');
    // One automatic reload, then the error page: the second failure did not reload again.
    expect(loads()).toBe(2);
    expect(chunk.answered()).toBeGreaterThanOrEqual(2);

    // "Try again" once the chunk is back: the step loads.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'did not load' }).waitFor();
    expect(await errorHeading(page).count()).toBe(0);
  });
});

describe('a signup sent without a network', () => {
  it('says so in the error alert and keeps the form as filled', async () => {
    const journey = await newJourney();
    const { page, context } = journey;
    await page.goto(at(`/${PARTNER}`));
    const form = page.locator('#get-the-scan');
    const email = uniqueEmail('offline');
    // The form's code (and the alert's with it) arrives once the visitor reaches the form.
    await form.getByLabel(/email/i).fill(email);
    await form.getByLabel(/zip/i).fill('02139');
    const button = form.getByRole('button', { name: 'Claim 50% off my scan' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await button.click();
    expect(await readAlert(page)).toEqual({
      type: 'ERROR',
      title: 'Something went wrong',
      message:
        'We could not reach our server. Please check your internet connection and try again.',
    });
    expect(await form.getByLabel(/email/i).inputValue()).toBe(email);
    expect(await form.getByLabel(/zip/i).inputValue()).toBe('02139');
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await errorHeading(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/${PARTNER}`);
    await context.setOffline(false);
  });
});
