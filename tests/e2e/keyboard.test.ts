import { describe, expect, it } from 'vitest';
import { isFreeOffer } from '../../src/config/offer.ts';
import {
  axeViolations,
  chooseWithKeyboard,
  focused,
  focusedFieldError,
  tabTo,
  type FocusStop,
} from './a11y.ts';
import { stackForThisFile, project } from './harness.ts';
import { journeyPartners } from './journeyPartners.ts';

/*
 * The whole journey with the keyboard alone, for one partner per kind of offer (journeyPartners.ts), on the built site and the real
 * API: the carousel's controls, the signup form (its Radix select included), the claim button, the
 * test payment provider's checkout (or a free offer's claim) and the home profile form (three Radix selects). Every control
 * reached shows a focus indicator, a submit with errors moves focus to the first invalid field and
 * its message is in a live region, and axe-core finds no WCAG 2.2 A/AA violation on any page.
 */
/** One partner per kind of offer (journeyPartners.ts), between them every kind of field. */
const partners = journeyPartners(project.partners);
const stack = stackForThisFile();

const named = (pattern: RegExp) => (stop: FocusStop) => pattern.test(stop.name);
const withId = (id: string) => (stop: FocusStop) => stop.id === id;

describe.each(partners.map((partner) => [partner.id, partner] as const))(
  'the journey of %s with the keyboard alone',
  (id, partner) => {
    it('reaches the confirmation, with visible focus and no axe violations on the way', async () => {
      const context = await stack.browser.newContext({
        viewport: { width: 1280, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const base = stack.server.baseUrl;
      const stops: FocusStop[] = [];
      const violations: string[] = [];
      const checkPage = async (name: string) => {
        for (const violation of await axeViolations(page)) {
          violations.push(
            `${name}: ${violation.id} (${violation.help}) at ${violation.targets.join(', ')}`,
          );
        }
      };

      // Landing page.
      await page.goto(`${base}/${id}`);
      await page.locator('#get-the-scan_email').waitFor();
      await checkPage('landing');

      // The page's first carousel: previous, a dot, next and pause/play, each with Enter.
      const carousel = page.locator('[aria-roledescription="carousel"]').first();
      const activeSlide = () =>
        carousel.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
      const testimonials = partner.pages.landing.sections.find(
        (section) => section.type === 'testimonials',
      );
      const slideCount =
        testimonials?.type === 'testimonials' ? testimonials.props.items.length : 0;
      await tabTo(page, named(/^Previous testimonial$/), stops);
      await carousel.locator('.swiper-initialized').waitFor();
      const first = await activeSlide();
      await page.keyboard.press('Enter');
      await expect.poll(activeSlide).not.toBe(first);
      await tabTo(page, named(/^Show testimonial 4$/), stops);
      await page.keyboard.press('Enter');
      await expect.poll(activeSlide).toBe('3');
      await tabTo(page, named(/^Next testimonial$/), stops);
      await page.keyboard.press('Enter');
      // With a fifth testimonial, Next shows it. With four, Swiper cannot loop them (it needs more
      // slides than it shows at once), so the fourth is already the last position.
      if (slideCount > 4) await expect.poll(activeSlide).toBe('4');
      const toggle = await tabTo(page, named(/testimonials$/), stops);
      expect(toggle.name).toMatch(/^Play/); // prefers-reduced-motion: it starts paused
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).name).toMatch(/^Pause/);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).name).toMatch(/^Play/);

      // The signup form: an empty submit first, then every field, then submit with Enter.
      await tabTo(page, named(new RegExp(`^${partner.form.ctaText}$`)), stops);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).id).toBe('get-the-scan_email');
      const emailError = await focusedFieldError(page);
      expect(emailError).toMatchObject({ invalid: true, announced: true });
      expect(emailError.message).not.toBe('');
      await checkPage('landing with errors');

      await page.keyboard.type(`keys+${id}@example.com`);
      for (const field of partner.form.fields.slice(1)) {
        await tabTo(page, withId(`get-the-scan_${field.name}`), stops, { max: 1 });
        if (field.type === 'select') {
          const option = field.options?.[1]?.label ?? '';
          expect(await chooseWithKeyboard(page, option, 'Enter')).toBe(option);
        } else {
          await page.keyboard.type('02139');
        }
      }
      await tabTo(page, named(new RegExp(`^${partner.form.ctaText}$`)), stops, { max: 1 });
      await page.keyboard.press('Enter');

      // Claim offer.
      await page.waitForURL(`${base}/${id}/claim-offer`);
      await page.getByRole('button', { name: 'Claim this offer' }).waitFor();
      // The form that had focus is gone: focus is on the new step's heading (stepFocus.ts).
      await expect.poll(async () => (await focused(page)).id).toBe('claim-offer-title');
      await checkPage('claim-offer');
      await tabTo(page, named(/^Claim this offer$/), stops);
      await page.keyboard.press('Enter');

      // The test payment provider's checkout, or a free offer's claim: pressed with the space bar.
      const settle = isFreeOffer(partner) ? /^Claim my free scan$/ : /^Pay /;
      await page.waitForURL(`${base}/${id}/claim-offer/process`);
      await page.getByRole('button', { name: settle }).waitFor();
      await expect.poll(async () => (await focused(page)).id).toBe('process-title');
      await checkPage('process');
      await tabTo(page, named(settle), stops);
      await page.keyboard.press('Space');

      // Create a home profile: an empty submit, then every field with the keyboard.
      await page.waitForURL(new RegExp(`/${id}/claim-offer/create-home\\?t=`), { timeout: 15_000 });
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      await expect.poll(async () => (await focused(page)).id).toBe('create-home-title');
      await checkPage('create-home');
      await tabTo(page, named(/^Continue$/), stops);
      await page.keyboard.press('Enter');
      const prefilled = partner.form.fields.some((field) => field.name === 'describeHome');
      const firstInvalid = prefilled ? 'home_streetAddressLine1' : 'home_describeHome';
      await expect.poll(async () => (await focused(page)).id).toBe(firstInvalid);
      const profileError = await focusedFieldError(page);
      expect(profileError).toMatchObject({ invalid: true, announced: true });
      expect(profileError.message).not.toBe('');
      await checkPage('create-home with errors');

      if (!prefilled) {
        expect(await chooseWithKeyboard(page, 'I live in this home', 'Space')).toBe(
          'I live in this home',
        );
        await tabTo(page, withId('home_streetAddressLine1'), stops, { max: 1 });
      }
      await page.keyboard.type('Grandma Rose');
      await tabTo(page, withId('home_postalCode'), stops, { max: 1 });
      await page.keyboard.type('02139');
      await tabTo(page, withId('home_ownTheHome'), stops, { max: 1 });
      expect(await chooseWithKeyboard(page, 'Yes', 'ArrowDown')).toBe('Yes');
      await tabTo(page, withId('home_numFloors'), stops, { max: 1 });
      expect(await chooseWithKeyboard(page, '2', 'Enter')).toBe('2');
      await tabTo(page, named(/^Continue$/), stops, { max: 1 });
      await page.keyboard.press('Enter');

      // Complete.
      await page.waitForURL(`${base}/${id}/claim-offer/complete`);
      await page.getByRole('heading', { name: 'Thank you.' }).waitFor();
      await checkPage('complete');

      expect(violations).toEqual([]);
      expect(stops.filter((stop) => !stop.focusVisible).map((stop) => stop.label)).toEqual([]);
      await context.close();
    });
  },
);
