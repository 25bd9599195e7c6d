import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { isFreeOffer } from '../../src/config/offer.ts';
import { campaignPages } from '../../src/config/pages.ts';
import {
  axeViolations,
  controlsWithoutVisibleFocus,
  reflowProblems,
  smallTargets,
} from './a11y.ts';
import { project, stackForThisFile } from './harness.ts';
import { journeyPartners } from './journeyPartners.ts';
import {
  desktopProblems,
  layouts,
  openPage,
  pageProblems,
  recordTroubles,
  scrollDown,
  scrollThrough,
  scrollTo,
  resizeTo,
  signupFormLoaded,
} from './pageChecks.ts';

/*
 * WCAG 2.2 checks axe cannot make, on every page of the journey (walked for one partner per kind of
 * offer, journeyPartners.ts: the journey's pages are the same code for every partner) and on every
 * extra campaign page (built site, real API); each partner's landing page has them in
 * partnerLanding.test.ts, in one visit:
 * - 1.4.10 reflow at 320 CSS px wide and at 200% zoom (a 1280 x 800 window zoomed to 640 x 400 CSS
 *   px): nothing scrolls sideways, nothing sticks out of the viewport, no text is cut off;
 * - and at every layout width of a campaign page (768 to 1440 px), nothing covers content and
 *   nothing spills out of its section (longer partner copy must grow the section, not overflow);
 * - 2.5.8 target size: every control is at least 24 x 24 px;
 * - 2.4.7 focus visible: Tab through each whole page, and every control shows its focus (one style
 *   shared by every control of every block, and every block is on the walked partners' pages);
 * - axe-core's WCAG 2.2 A/AA rules at those sizes too;
 * - 2.2.2 pause, stop, hide: the testimonials carousel moves by itself only until paused, and not
 *   at all under prefers-reduced-motion.
 * The pages after the claim are one code for both kinds of offer and are checked on the paid
 * journey, which has them all.
 */
const { partners } = project;
const walked = new Set(journeyPartners(partners).map((partner) => partner.id));
const stack = stackForThisFile();

async function signUp(page: Page, partner: PartnerConfig, email: string) {
  await page.locator('#get-the-scan_email').fill(email);
  for (const field of partner.form.fields.slice(1)) {
    if (field.type === 'select') {
      await page.locator(`#get-the-scan_${field.name}`).click();
      await page.getByRole('option', { name: field.options?.[0]?.label ?? '' }).click();
    } else {
      await page.locator(`#get-the-scan_${field.name}`).fill('02139');
    }
  }
  await page.locator('#get-the-scan').getByRole('button', { name: partner.form.ctaText }).click();
}

describe.each(partners.filter((partner) => walked.has(partner.id)).map((p) => [p.id, p] as const))(
  'every page of %s',
  (id, partner) => {
    it(
      'reflows at 320 px wide and at 200% zoom, with 24 px targets and no axe violations',
      async () => {
        const [narrow, zoomed] = layouts;
        const { context, page } = await openPage(stack.browser, narrow);
        const base = stack.server.baseUrl;
        const problems: string[] = [];
        // Both layouts at each step of one walk (resizeTo), as partnerLanding.test.ts checks a
        // landing page: walked once a layout, the journey's signups, payments and page loads were
        // done twice for the same checks. The focus sweep (Tab through the whole page) runs at
        // 320 px only: it reads each control's ring, one style whatever the width
        // (tests/unit/a11y/focusStyles.test.ts holds that), so at 200% zoom it found what it had
        // found at 320 px.
        const check = async (name: string) => {
          problems.push(...(await pageProblems(page, `${narrow.name}: ${name}`, { sweep: true })));
          await resizeTo(page, zoomed);
          problems.push(...(await pageProblems(page, `${zoomed.name}: ${name}`)));
          await resizeTo(page, narrow);
        };
        // The pages after the claim are one code for both kinds of offer: checked on the paid
        // journey (which has them all, the canceled checkout too); the free one walks through them.
        const afterClaim = async (name: string) => {
          if (!isFreeOffer(partner)) await check(name);
        };

        await page.goto(`${base}/${id}`);
        await scrollThrough(page);
        await check('landing');
        await page
          .locator('#get-the-scan')
          .getByRole('button', { name: partner.form.ctaText })
          .click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await check('landing, form errors shown');

        await signUp(page, partner, `wcag+${id}@example.com`);
        await page.waitForURL(`${base}/${id}/claim-offer`);
        await page.getByRole('button', { name: 'Claim this offer' }).waitFor();
        await check('claim-offer');
        await page.getByRole('button', { name: 'Claim this offer' }).click();

        await page.waitForURL(`${base}/${id}/claim-offer/process`);
        const pay = page.getByRole('button', {
          name: isFreeOffer(partner) ? 'Claim my free scan' : /^Pay/,
        });
        await pay.waitFor();
        await check('process');
        await pay.click();

        await page.waitForURL(new RegExp(`/${id}/claim-offer/create-home\\?t=`), {
          timeout: 15_000,
        });
        const proceed = page.getByRole('button', { name: 'Continue' });
        await proceed.waitFor();
        await afterClaim('create-home');
        await proceed.click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await afterClaim('create-home, form errors shown');
        if ((await page.locator('#home_describeHome').innerText()).includes('Select one')) {
          await page.locator('#home_describeHome').click();
          await page.getByRole('option', { name: 'I live in this home' }).click();
        }
        await page.locator('#home_streetAddressLine1').fill('Grandma Rose');
        await page.locator('#home_postalCode').fill('02139');
        await proceed.click();

        await page.waitForURL(`${base}/${id}/claim-offer/complete`);
        await page.getByRole('heading', { name: 'Thank you.' }).waitFor();
        await afterClaim('complete');

        // A checkout that ends without paying, and the pages opened without what they need: one
        // code for both kinds of offer, checked on the paid journey (a free claim has no checkout).
        if (!isFreeOffer(partner)) {
          // The landing page was checked above: this time only its form is needed.
          await page.goto(`${base}/${id}`);
          await signupFormLoaded(page);
          await signUp(page, partner, `wcag-cancel+${id}@example.com`);
          await page.getByRole('button', { name: 'Claim this offer' }).click();
          await page.getByRole('button', { name: 'Cancel checkout' }).click();
          await page
            .getByRole('heading', { name: /Checkout canceled/ })
            .waitFor({ timeout: 15_000 });
          await check('payment return, canceled');
          await page.goto(`${base}/${id}/claim-offer/create-home`);
          await page.getByRole('heading', { name: /missing its code/ }).waitFor();
          // With the form that sends a new link under the message (loaded after it).
          await page.getByRole('button', { name: 'Email me a new link' }).waitFor();
          await check('create-home without a link');
          await page.goto(`${base}/${id}/claim-offer/resend`);
          await page.getByRole('button', { name: 'Email me a new link' }).waitFor();
          await check('send me my link again');
        }

        expect(problems).toEqual([]);
        await context.close();
      },
      // A whole journey twice (paid, then canceled) with every check at both layouts: 20-35 s on
      // an idle machine.
      180_000,
    );
  },
);

/*
 * Issue 37: lowes's Spanish landing and claim-offer pages, at a phone's and a desktop's width, in
 * one page of this file's browser: lang="es" on the document, and axe's WCAG 2.2 A/AA rules
 * (which read the language too: html-lang-valid, valid-lang on the switch's link).
 */
describe("lowes's pages in Spanish", () => {
  it('say lang="es" and have no axe violations at 375 and 1440 px', async () => {
    const context = await stack.browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    recordTroubles(page);
    const problems: string[] = [];
    for (const path of ['/lowes/es', '/lowes/es/claim-offer'])
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${stack.server.baseUrl}${path}`);
        await page.locator('main').waitFor();
        const lang = await page.locator('html').getAttribute('lang');
        if (lang !== 'es') problems.push(`${path} at ${width} px: lang="${lang}"`);
        for (const violation of await axeViolations(page))
          problems.push(
            `${path} at ${width} px: axe ${violation.id} at ${violation.targets.join(', ')}`,
          );
      }
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});

/** Every extra campaign page of every partner (the showcase's /showcase/spring-offer). */
const campaigns = partners.flatMap((partner) =>
  campaignPages(partner).map((page) => [`/${partner.id}/${page.slug}`] as const),
);

describe.each(campaigns)('the campaign page %s', (path) => {
  /** Scrolls through the page and waits for the signup form when the page has one. */
  async function loadAll(page: Page) {
    await scrollDown(page);
    if ((await page.locator('#get-the-scan').count()) > 0) {
      await signupFormLoaded(page);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }

  it.each(layouts.map((layout) => [layout.name, layout] as const))(
    'reflows at %s, with 24 px targets, visible focus and no axe violations',
    async (_name, layout) => {
      const { context, page } = await openPage(stack.browser, layout);
      await page.goto(`${stack.server.baseUrl}${path}`);
      await loadAll(page);
      const problems = [
        ...(await reflowProblems(page)),
        ...(await smallTargets(page)).map((target) => `target ${target}`),
        ...(await axeViolations(page)).map(
          (violation) => `axe ${violation.id} at ${violation.targets.join(', ')}`,
        ),
      ];
      const focus = await controlsWithoutVisibleFocus(page);
      expect(focus.reached).toBeGreaterThan(0);
      problems.push(...focus.unfocused.map((label) => `no visible focus on ${label}`));
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('has nothing covered and nothing spilling out of its section at 768 to 1440 px', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${stack.server.baseUrl}${path}`);
    await loadAll(page);
    expect(await desktopProblems(page)).toEqual([]);
    await context.close();
  });
});

// Side by side: each test spends most of its time watching a carousel hold still.
describe.concurrent('the testimonials carousel (WCAG 2.2.2)', () => {
  const activeSlide = (page: Page) =>
    page.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');

  async function openCarousel(reducedMotion: 'reduce' | 'no-preference') {
    const context = await stack.browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion,
    });
    const page = await context.newPage();
    await page.goto(`${stack.server.baseUrl}/demo`);
    await scrollTo(page, '.swiper');
    await page.locator('.swiper-initialized').waitFor();
    // The carousel holds still while the pointer or focus is inside it; keep both outside.
    await page.mouse.move(5, 5);
    return { context, page };
  }

  it('moves by itself, and stops for good when paused', async () => {
    const { context, page } = await openCarousel('no-preference');
    const toggle = page.getByRole('button', { name: /testimonials$/ });
    await expect.poll(() => toggle.innerText()).toMatch(/^Pause/);
    const start = await activeSlide(page);
    // Waits for the move itself (2.5 s after the page is still); the time-out only stops a hang.
    await expect.poll(() => activeSlide(page), { timeout: 30_000 }).not.toBe(start);

    await toggle.click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(() => toggle.innerText()).toMatch(/^Play/);
    const paused = await activeSlide(page);
    await page.waitForTimeout(3500); // longer than the 2.5 s autoplay delay
    expect(await activeSlide(page)).toBe(paused);
    await context.close();
  });

  it('stays still under prefers-reduced-motion', async () => {
    const { context, page } = await openCarousel('reduce');
    expect(await page.getByRole('button', { name: /testimonials$/ }).innerText()).toMatch(/^Play/);
    const start = await activeSlide(page);
    const transform = () =>
      page.locator('.swiper-wrapper').evaluate((element) => getComputedStyle(element).transform);
    const before = await transform();
    await page.waitForTimeout(3500);
    expect(await activeSlide(page)).toBe(start);
    expect(await transform()).toBe(before);
    await context.close();
  });
});
