import { describe, expect, it } from 'vitest';
import type { OfferBlock } from '../../src/config/generated/partner.ts';
import { axeViolations, focused, focusedFieldError, tabTo, type FocusStop } from './a11y.ts';
import { openJourney, project, stackForThisFile } from './harness.ts';

/*
 * Issue 21, item 7, on the built site and the real API: a campaign page converts on its own page.
 * showcase's /showcase/spring-offer holds the offer block; with the keyboard alone the visitor
 * goes from its hero's button to the offer's form, signs up, lands straight on step 1 of 2 (the
 * test checkout), pays and reaches the home profile.
 */
const stack = stackForThisFile();
const showcase = project.partners.find((partner) => partner.id === 'showcase');
const offer = showcase?.pages.springOffer?.sections.find(
  (section): section is OfferBlock => section.type === 'offer',
);
const hero = showcase?.pages.springOffer?.sections.find((section) => section.type === 'hero');
if (!showcase || !offer || hero?.type !== 'hero')
  throw new Error('showcase/spring-offer needs its hero and its offer block');

const payloadOf = (requests: { path: string; body: unknown }[], path: string) =>
  requests.find((request) => request.path === path)?.body as Record<string, unknown> | undefined;

describe('the offer block on showcase/spring-offer', () => {
  it('signs up and goes straight on to checkout and the home profile, with the keyboard alone', async () => {
    const { page, requests, events, context } = await openJourney(stack.browser);
    const base = stack.server.baseUrl;
    const email = 'spring+offer@example.com';
    const stops: FocusStop[] = [];
    const violations: string[] = [];
    const checkPage = async (name: string) => {
      for (const violation of await axeViolations(page))
        violations.push(`${name}: ${violation.id} at ${violation.targets.join(', ')}`);
    };
    const named = (text: string) => (stop: FocusStop) => stop.name === text;
    const withId = (id: string) => (stop: FocusStop) => stop.id === id;
    const ctaText = showcase.form.ctaText;

    await page.goto(`${base}/showcase/spring-offer`);
    // The offer, prerendered: price, what it includes, and the form inside it.
    const card = page.locator(`section#${offer.id}`);
    await expect
      .poll(() => card.getByRole('heading', { level: 2 }).innerText())
      .toBe(offer.props.headerText);
    const shown = (await card.innerText()).replace(/\s+/g, ' ');
    expect(shown).toContain(showcase.offer.priceText);
    for (const item of offer.props.includedItems ?? []) expect(shown).toContain(item);

    // The hero's button leads to the offer; the form is the next thing Tab reaches.
    await tabTo(page, named(hero.props.ctaText ?? ''), stops);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#${offer.id}`);
    // Its code arrives as the offer nears the viewport; the button waits for it.
    await card.getByRole('button', { name: ctaText }).and(page.locator(':enabled')).waitFor();
    await checkPage('campaign page');
    await tabTo(page, withId(`${offer.id}_email`), stops, { max: 10 });

    // An empty submit first: focus comes back to the email field, its message announced.
    await tabTo(page, named(ctaText), stops, { max: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).id).toBe(`${offer.id}_email`);
    expect(await focusedFieldError(page)).toMatchObject({ invalid: true, announced: true });

    await page.keyboard.type(email);
    await tabTo(page, withId(`${offer.id}_zipCode`), stops, { max: 1 });
    await page.keyboard.type('02139');
    await tabTo(page, named(ctaText), stops, { max: 1 });
    await page.keyboard.press('Enter');

    // Straight to step 1 of 2: no claim-offer page in between.
    await page.waitForURL(`${base}/showcase/claim-offer/process`);
    expect(payloadOf(requests, '/api/landing/signup')).toEqual({
      email,
      captchaToken: 'local:landing_signup',
      referral: 'showcase',
      language: 'en',
    });
    const pay = page.getByRole('button', { name: /^Pay / });
    await pay.waitFor();
    // The form that had focus is gone: focus is on the step's heading, not lost at the top.
    await expect.poll(async () => (await focused(page)).id).toBe('process-title');
    expect(payloadOf(requests, '/api/stripe/api/create-checkout-session')).toMatchObject({
      customer_email: email,
      return_url: `${base}/showcase/claim-offer/payment-return`,
      campaignId: showcase.offer.campaignId?.dev ?? 'default',
    });
    await checkPage('process');
    await tabTo(page, (stop) => /^Pay /.test(stop.name), stops);
    await page.keyboard.press('Space');

    await page.waitForURL(/\/showcase\/claim-offer\/create-home\?t=/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    const [purchase] = await stack.server.rows<{ id: string }>(
      'SELECT id FROM orders WHERE email = ?',
      email,
    );
    // The ids the server's conversions carry too (docs/measurement.md).
    expect(events).toEqual([
      { event: 'account_signup', client_id: 'showcase' },
      {
        event: 'report_purchase',
        client_id: 'showcase',
        transaction_id: purchase?.id,
        event_id: `purchase-${purchase?.id ?? ''}`,
      },
    ]);
    expect(
      await stack.server.rows(
        'SELECT payment_provider, amount_cents, status FROM orders WHERE email = ?',
        email,
      ),
    ).toEqual([
      { payment_provider: 'test', amount_cents: showcase.offer.amountCents, status: 'completed' },
    ]);
    expect(violations).toEqual([]);
    expect(stops.filter((stop) => !stop.focusVisible).map((stop) => stop.label)).toEqual([]);
    await context.close();
  });
});
