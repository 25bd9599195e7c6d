import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmationEmails,
  must,
  paidClaimToken,
  stepTwoLink,
} from '../../server/test/helpers.ts';
import {
  fillHomeProfile,
  openJourney,
  openTestCheckout,
  signUp,
  stackForThisFile,
} from './harness.ts';

/**
 * Issue 30, "a way back": a visitor who pays (or claims a free scan) and leaves on the return page
 * finishes from the confirmation email in another browser; "send me my link again" answers alike
 * for any address, emails a known one once, and is limited.
 */
const stack = stackForThisFile({ RATE_LIMIT_RESEND_PER_ADDRESS: '3' });

/** The return page never hears back (the phone died there): its status polls go nowhere. */
async function stayOnReturnPage(page: Page) {
  await page.route(
    (url) => url.pathname === '/api/stripe/api/checkout-status',
    (route) => route.abort(),
  );
}

/** Opens the confirmation email's link in a new browser, saves the profile, checks the email. */
async function finishFromEmail(email: string, partnerId: string) {
  const base = stack.server.baseUrl;
  const [confirmation] = await confirmationEmails(stack.server, email);
  const link = stepTwoLink(must(confirmation, 'the confirmation email').text);
  expect(`${link.origin}${link.pathname}`).toBe(`${base}/${partnerId}/claim-offer/create-home`);

  const later = await openJourney(stack.browser, 412);
  try {
    await later.page.goto(link.toString());
    await later.page.getByRole('heading', { level: 1, name: /Create a Home Profile/ }).waitFor();
    await fillHomeProfile(later.page, {
      describeHome: 'I live in this home',
      name: 'Back from the email',
      zipCode: '02139',
      floors: '1',
      ownTheHome: 'Yes',
    });
    await later.page.getByRole('button', { name: 'Continue' }).click();
    await later.page.waitForURL(`${base}/${partnerId}/claim-offer/complete`);
  } finally {
    await later.context.close();
  }
  const sent = await stack.server.rows<{ kind: string }>(
    'SELECT kind FROM outbox WHERE to_address = ? ORDER BY id',
    email,
  );
  expect(sent.map((row) => row.kind)).toEqual(['confirmation', 'instructions']);
}

describe('a way back after payment', () => {
  it('a paid visitor who closed the return page finishes step 2 from the confirmation email', async () => {
    const email = 'closed-the-tab@example.com';
    const first = await openJourney(stack.browser, 412);
    await stayOnReturnPage(first.page);
    await openTestCheckout(first.page, stack.server.baseUrl, 'demo', email);
    await first.page.getByRole('button', { name: /^Pay/ }).click();
    await first.page.waitForURL(/\/demo\/claim-offer\/payment-return\?/);
    await first.context.close();

    await finishFromEmail(email, 'demo');
  });

  it('the same for a free claim (cor-freedom)', async () => {
    const email = 'free-then-gone@example.com';
    const base = stack.server.baseUrl;
    const first = await openJourney(stack.browser, 412);
    await stayOnReturnPage(first.page);
    await first.page.goto(`${base}/cor-freedom`);
    await signUp(first.page, { email, zipCode: '02139', describeHome: 'I live in this home' });
    await first.page.waitForURL(`${base}/cor-freedom/claim-offer`);
    await first.page.getByRole('button', { name: 'Claim this offer' }).click();
    await first.page.getByRole('button', { name: 'Claim my free scan' }).click();
    await first.page.waitForURL(/\/cor-freedom\/claim-offer\/payment-return\?/);
    await first.context.close();

    await finishFromEmail(email, 'cor-freedom');
  });
});

describe('send me my link again', () => {
  /** Sends the form on the resend page and returns what the page answers, address blanked. */
  async function ask(page: Page, email: string): Promise<string> {
    await page.getByLabel(/Email address/).fill(email);
    await page.getByRole('button', { name: 'Email me a new link' }).click();
    const answer = page.getByRole('heading', { name: 'Please check your email' });
    await answer.waitFor();
    // The answer takes the focus, so a screen reader reads it next.
    expect(await answer.evaluate((element) => element === document.activeElement)).toBe(true);
    const text = await page.locator('main').innerText();
    await page.getByRole('button', { name: 'Use another email address' }).click();
    return text.replaceAll(email, '<address>');
  }

  it('answers a known and an unknown address alike, emails the known one once, and is limited', async () => {
    const known = 'lost-my-link@example.com';
    await paidClaimToken(stack.server, known);
    const { page, context } = await openJourney(stack.browser, 412);
    try {
      await page.goto(`${stack.server.baseUrl}/demo/claim-offer/resend`);
      await page.getByRole('heading', { level: 1, name: /Get a new link/ }).waitFor();

      const forKnown = await ask(page, known);
      const forUnknown = await ask(page, 'never-paid@example.com');
      expect(forKnown).toBe(forUnknown);
      expect(forKnown).toContain('If <address> has a scan waiting for its home profile');

      await stack.server.app.resendLinkIdle();
      const emails = await confirmationEmails(stack.server, known);
      // The confirmation of the payment, and exactly one new link.
      expect(emails.map((row) => row.subject)).toEqual([
        'Thank you: your HomeSafe Scan from Demo Partner: one more step',
        'Your new link to finish your HomeSafe Scan from Demo Partner',
      ]);
      expect(
        await stack.server.rows(
          'SELECT id FROM outbox WHERE to_address = ?',
          'never-paid@example.com',
        ),
      ).toEqual([]);

      // Three an hour per address: the fourth try says when to try again, and keeps the address.
      await ask(page, known);
      await ask(page, known);
      await page.getByLabel(/Email address/).fill(known);
      await page.getByRole('button', { name: 'Email me a new link' }).click();
      const alert = page.getByRole('alert').filter({ hasText: /Too many tries/ });
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(
        // The rest of the hour's window: minutes, or seconds near its end.
        /^Too many tries in a short time\. Please wait \d+ (minutes?|seconds?) and try again\.$/,
      );
      expect(await page.getByLabel(/Email address/).inputValue()).toBe(known);
      await stack.server.app.resendLinkIdle();
      expect(await confirmationEmails(stack.server, known)).toHaveLength(4);
    } finally {
      await context.close();
    }
  });
});
