import {
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  SignJWT,
  type JWTHeaderParameters,
} from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  completeBody,
  must,
  paidClaimToken,
  postJson,
  signup,
  startServer,
  TEST_SECRET,
} from '../../server/test/helpers.ts';
import {
  callCount,
  fillHomeProfile,
  openAlert,
  openTestCheckout,
  readAlert,
  rewriteRequestBody,
  signUp,
  stackForThisFile,
  type Journey,
} from './harness.ts';
import { journeysForThisFile } from './journeys.ts';

/**
 * What the visitor sees when something goes wrong, against the real API server: failed signups,
 * payments that do not complete, reloads, claim tokens the server refuses or the page cannot use,
 * steps opened directly and unknown paths. Nothing is mocked: a request body is at most rewritten
 * on its way out (so that the server itself answers with the error), or a response held back.
 */

const PARTNER = 'demo';
const SIGNUP = '/api/landing/signup';
const SESSION = '/api/stripe/api/create-checkout-session';
const STATUS = '/api/stripe/api/checkout-status';
const COMPLETE = '/api/landing/complete';
const TOKEN_KEY = new TextEncoder().encode(TEST_SECRET);
const CLAIM_TOKEN_CHECKS = { issuer: 'homesafe-scan', audience: 'homesafe-scan:claim' };
/** The header and payload of a claim token ({reportID, orderId}), cut off before the signature. */
const TRUNCATED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyZXBvcnRJRCI6InItMSIsIm9yZGVySWQiOiJvLTEifQ';

const stack = stackForThisFile();
const { newJourney, at, uniqueEmail } = journeysForThisFile(stack);
const createHomeUrl = (token: string) =>
  at(`/${PARTNER}/claim-offer/create-home?t=${encodeURIComponent(token)}`);
/** The names of the analytics events the page pushed (GTM's `{ event }` form). */
const eventNames = (journey: Journey) =>
  journey.events.map((item) =>
    typeof item === 'object' && item !== null ? (item as { event?: unknown }).event : undefined,
  );
const headingText = (page: Page) =>
  page
    .getByRole('heading', { level: 1 })
    .textContent()
    .then((text) => text?.replace(/\s+/g, ' ').trim());
const isPath = (path: string) => (url: URL) => url.pathname === path;

async function dbCount(sql: string, ...params: unknown[]): Promise<number> {
  const row = await stack.server.row<{ count: number }>(sql, ...params);
  return row?.count ?? 0;
}

const profilesOf = (orderId: string) =>
  dbCount('SELECT COUNT(*) AS count FROM home_profiles WHERE order_id = ?', orderId);

async function orderStatus(orderId: string): Promise<string | undefined> {
  const row = await stack.server.row<{ status: string }>(
    'SELECT status FROM orders WHERE id = ?',
    orderId,
  );
  return row?.status;
}

/** Holds the next status poll back (a real response, only delayed) until release() is called. */
async function holdNextStatusPoll(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(isPath(STATUS), async (route) => {
    if (held) return route.continue();
    held = true;
    await released;
    // The page that sent it may have been reloaded meanwhile: then there is nothing to answer.
    await route.continue().catch(() => undefined);
  });
  return { release: () => release() };
}

/** Expects the form fields of create-home to be absent: a message shows instead. */
async function expectNoProfileForm(page: Page) {
  expect(await page.getByRole('combobox').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
  // A page that cannot use its link may offer "send me my link again" (issue 30): one email field.
  const forms = await page.locator('form').count();
  expect(forms).toBeLessThanOrEqual(1);
  expect(await page.getByRole('textbox').count()).toBe(forms);
  expect(await page.getByRole('button', { name: 'Email me a new link' }).count()).toBe(forms);
}

/** The same token with one character of its signature changed (never the last: padding bits). */
function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split('.');
  const sig = must(signature, 'a JWT signature');
  const index = Math.floor(sig.length / 2);
  const swapped = sig[index] === 'A' ? 'B' : 'A';
  return `${must(header, 'a JWT header')}.${must(payload, 'a JWT payload')}.${sig.slice(0, index)}${swapped}${sig.slice(index + 1)}`;
}

/** The real token's claims, re-signed with the server's key but expired a day ago. */
async function expiredCopy(token: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...decodeJwt(token) })
    .setProtectedHeader(decodeProtectedHeader(token) as JWTHeaderParameters)
    .setIssuedAt(now - 8 * 24 * 60 * 60)
    .setExpirationTime(now - 24 * 60 * 60)
    .sign(TOKEN_KEY);
}

const profile = {
  describeHome: 'Someone I care about lives here',
  name: 'Grandma Rose',
  zipCode: '02139',
  floors: '2',
  ownTheHome: 'No',
};

/** Fills the create-home form, presses Continue and returns the server's answer to it. */
async function submitProfile(page: Page) {
  await fillHomeProfile(page, profile);
  const answered = page.waitForResponse((response) => isPath(COMPLETE)(new URL(response.url())));
  await page.getByRole('button', { name: 'Continue' }).click();
  const response = await answered;
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** The create-home form still shows what the visitor entered. */
async function expectProfileKept(page: Page) {
  expect(await page.getByLabel(/Name of this Home Scan/).inputValue()).toBe(profile.name);
  expect(await page.getByLabel(/^Zip code/).inputValue()).toBe(profile.zipCode);
  const combobox = (name: RegExp) => page.getByRole('combobox', { name }).textContent();
  expect(await combobox(/Which best describes you/)).toBe(profile.describeHome);
  expect(await combobox(/How many floors/)).toBe(profile.floors);
  expect(await combobox(/own the home/)).toBe(profile.ownTheHome);
  const button = page.getByRole('button', { name: 'Continue' });
  await expect.poll(() => button.isEnabled()).toBe(true);
}

describe('signup failures', () => {
  it.each([
    {
      error: 'invalid_email',
      change: (body: Record<string, unknown>) => ({ ...body, email: 'visitor@nowhere' }),
      status: 400,
      alert: '400: Invalid email',
    },
    {
      error: 'captcha_error',
      change: (body: Record<string, unknown>) => ({ ...body, captchaToken: 'bogus' }),
      status: 403,
      alert: '403: Captcha error',
    },
    {
      error: 'unknown_referral',
      change: (body: Record<string, unknown>) => ({ ...body, referral: 'no-such-partner' }),
      status: 400,
      alert: '400: Unknown error',
    },
  ])(
    'the server answering $error shows "$alert" and leaves the form idle with its values',
    async ({ error, change, status, alert }) => {
      const journey = await newJourney();
      const { page } = journey;
      const email = uniqueEmail('signup');
      await rewriteRequestBody(page, SIGNUP, change);
      await page.goto(at(`/${PARTNER}`));
      const answered = page.waitForResponse((response) => isPath(SIGNUP)(new URL(response.url())));
      await signUp(page, { email, zipCode: '02139' });

      const response = await answered;
      expect(response.status()).toBe(status);
      expect(await response.json()).toMatchObject({ error });
      expect(await readAlert(page)).toEqual({
        type: 'ERROR',
        title: 'Something went wrong',
        message: alert,
      });

      expect(page.url()).toBe(at(`/${PARTNER}`));
      const form = page.locator('#get-the-scan');
      const button = form.getByRole('button', { name: 'Claim 50% off my scan' });
      await expect.poll(() => button.isEnabled()).toBe(true);
      expect(await button.getAttribute('data-pending')).toBeNull();
      expect(await form.getByLabel(/email/i).inputValue()).toBe(email);
      expect(await form.getByLabel(/zip/i).inputValue()).toBe('02139');
      expect(callCount(journey, SIGNUP)).toBe(1); // no retry
      expect(journey.events).toEqual([]); // no account_signup
      expect(journey.visited.some((url) => url.includes('/claim-offer'))).toBe(false);
      expect(await dbCount('SELECT COUNT(*) AS count FROM signups WHERE email = ?', email)).toBe(0);
    },
  );
});

describe('signup past the abuse limit', () => {
  it('turns the 429 into an alert saying how long to wait, and keeps the form', async () => {
    // Its own server with a real limit (the file's server has the limits out of the way).
    const limited = await startServer({
      limits: 'configured',
      env: { RATE_LIMIT_SIGNUP: '1' },
      build: { staticDir: inject('distDir') },
    });
    try {
      await signup(limited, uniqueEmail('first'), PARTNER); // uses up this client's one signup
      const journey = await newJourney();
      const { page } = journey;
      await page.goto(`${limited.baseUrl}/${PARTNER}`);
      const answered = page.waitForResponse((response) => isPath(SIGNUP)(new URL(response.url())));
      const email = uniqueEmail('limited');
      await signUp(page, { email, zipCode: '02139' });
      const response = await answered;
      expect(response.status()).toBe(429);
      expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
      const alert = await readAlert(page);
      expect(alert.type).toBe('ERROR');
      expect(alert.message).toMatch(
        /^429: Too many tries in a short time\. Please wait \d+ seconds? and try again\.$|^429: Too many tries in a short time\. Please wait 1 minute and try again\.$/,
      );
      expect(await page.locator('#get-the-scan').getByLabel(/email/i).inputValue()).toBe(email);
      expect(journey.events).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('payments that do not go through', () => {
  it('a declined card is explained, offers Start again, and never reaches create-home', async () => {
    const journey = await newJourney();
    const { page } = journey;
    await openTestCheckout(page, stack.server.baseUrl, PARTNER, uniqueEmail('declined'));
    await page.getByRole('button', { name: 'Simulate a declined card' }).click();

    await page.waitForURL(/\/demo\/claim-offer\/payment-return\?orderId=.+&t=.+/);
    await expect.poll(() => headingText(page)).toBe('Step 1 of 2 The payment did not go through');
    expect(await page.getByRole('alert').filter({ hasText: 'declined' }).textContent()).toBe(
      'Your bank or card provider declined the payment and nothing was charged. Please try again, perhaps with another card.',
    );
    const orderId = must(new URL(page.url()).searchParams.get('orderId'), 'orderId');
    expect(await page.getByText(`Order number: ${orderId}`).count()).toBe(1);
    expect(await orderStatus(orderId)).toBe('failed');

    // failed is terminal: one status call, and none a poll interval (1 s) later.
    await page.waitForTimeout(1200);
    expect(callCount(journey, STATUS)).toBe(1);
    expect(eventNames(journey)).toEqual(['account_signup']);
    expect(journey.visited.some((url) => url.includes('/create-home'))).toBe(false);

    await page.getByRole('link', { name: 'Start again' }).click();
    await page.waitForURL(at(`/${PARTNER}/#get-the-scan`));
    await page.locator('#get-the-scan').getByLabel(/email/i).waitFor();
  });

  it('a canceled checkout is explained as canceled and not charged', async () => {
    const journey = await newJourney();
    const { page } = journey;
    await openTestCheckout(page, stack.server.baseUrl, PARTNER, uniqueEmail('canceled'));
    await page.getByRole('button', { name: 'Cancel checkout' }).click();

    await page.waitForURL(/\/demo\/claim-offer\/payment-return\?orderId=.+&t=.+/);
    await expect.poll(() => headingText(page)).toBe('Step 1 of 2 Checkout canceled');
    expect(await page.getByRole('alert').filter({ hasText: 'charged' }).textContent()).toBe(
      'You left the checkout before paying, so you have not been charged. You can start again whenever you are ready.',
    );
    expect(await page.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe(
      `/${PARTNER}/#get-the-scan`,
    );
    const orderId = must(new URL(page.url()).searchParams.get('orderId'), 'orderId');
    expect(await orderStatus(orderId)).toBe('canceled');
    expect(eventNames(journey)).toEqual(['account_signup']);
    expect(journey.visited.some((url) => url.includes('/create-home'))).toBe(false);
  });
});

describe('reloading the payment return page', () => {
  it('reloaded before and after reaching create-home, it reaches create-home with the same valid token', async () => {
    const journey = await newJourney();
    const { page } = journey;
    await openTestCheckout(page, stack.server.baseUrl, PARTNER, uniqueEmail('reload'));

    /** Reloads the return page while its status poll is held back, then lets it move on. */
    async function reloadWhileConfirming(open: () => Promise<unknown>) {
      const poll = await holdNextStatusPoll(page);
      await open();
      await page.waitForURL(/\/demo\/claim-offer\/payment-return\?orderId=.+&t=.+/);
      await expect.poll(() => headingText(page)).toBe('Step 1 of 2 Confirming your payment');
      const returnUrl = page.url();
      await page.reload();
      poll.release();
      await page.waitForURL(/\/demo\/claim-offer\/create-home\?t=/);
      return { returnUrl, token: must(new URL(page.url()).searchParams.get('t'), 'a claim token') };
    }

    // Before: still confirming the payment when the visitor reloads.
    const before = await reloadWhileConfirming(() =>
      page.getByRole('button', { name: /^Pay/ }).click(),
    );
    const orderId = must(new URL(before.returnUrl).searchParams.get('orderId'), 'orderId');
    expect(new URL(before.returnUrl).searchParams.get('t')).toBeTruthy();
    await jwtVerify(before.token, TOKEN_KEY, CLAIM_TOKEN_CHECKS);
    expect(decodeJwt(before.token).orderId).toBe(orderId);

    // After: back on the return link once create-home was shown, and reloaded there.
    const after = await reloadWhileConfirming(() => page.goto(before.returnUrl));
    expect(after).toEqual(before);

    // The token is good with the server: the profile goes through.
    expect((await submitProfile(page)).status).toBe(201);
    await page.waitForURL(at(`/${PARTNER}/claim-offer/complete`));
    // One purchase is counted once, however often its return page is opened.
    expect(eventNames(journey).filter((name) => name === 'report_purchase')).toHaveLength(1);
    expect(eventNames(journey).filter((name) => name === 'report_create')).toHaveLength(1);
    expect(callCount(journey, SESSION)).toBe(1);
  });
});

describe('create-home with a token the server refuses', () => {
  it('a tampered token shows the form, but saving is refused (401) and the visitor told', async () => {
    const journey = await newJourney();
    const { page } = journey;
    const { claimToken, orderId } = await paidClaimToken(stack.server, uniqueEmail('tampered'));
    const tampered = tamperSignature(claimToken);
    await expect(jwtVerify(tampered, TOKEN_KEY, CLAIM_TOKEN_CHECKS)).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });

    await page.goto(createHomeUrl(tampered));
    await expect.poll(() => headingText(page)).toBe('Step 2 of 2 Create a Home Profile');
    const answer = await submitProfile(page);
    expect(answer).toMatchObject({ status: 401, body: { error: 'invalid_claim_token' } });

    expect(await readAlert(page)).toEqual({
      type: 'ERROR',
      title: 'Something went wrong',
      message:
        'This link is no longer valid. Please open the latest link from your confirmation email, or ask for a new one on the page "Send me my link again".',
    });
    await expectProfileKept(page);
    expect(page.url()).toBe(createHomeUrl(tampered));
    expect(callCount(journey, COMPLETE)).toBe(1);
    expect(journey.events).toEqual([]);
    expect(await profilesOf(orderId)).toBe(0);
  });

  it('a token already used is refused (409) with "already created", staying on create-home', async () => {
    const journey = await newJourney();
    const { page } = journey;
    const { claimToken, orderId } = await paidClaimToken(stack.server, uniqueEmail('reused'));
    const first = await postJson(stack.server, COMPLETE, completeBody(claimToken));
    expect(first.status).toBe(201);

    await page.goto(createHomeUrl(claimToken));
    const answer = await submitProfile(page);
    expect(answer).toMatchObject({ status: 409, body: { error: 'claim_token_used' } });
    expect(await readAlert(page)).toEqual({
      type: 'ERROR',
      title: 'Something went wrong',
      message:
        'A home profile was already created with this link. Please check your email for your scanning instructions.',
    });
    await expectProfileKept(page);
    expect(page.url()).toBe(createHomeUrl(claimToken));
    expect(journey.visited.some((url) => url.includes('/complete'))).toBe(false);
    expect(callCount(journey, COMPLETE)).toBe(1);
    expect(journey.events).toEqual([]);
    expect(await profilesOf(orderId)).toBe(1);
  });
});

describe('create-home links the page cannot use', () => {
  it.each([
    {
      problem: 'malformed',
      // Not a JWT; three parts that are not JSON; a real-looking token cut before its signature.
      queries: ['?t=abc', '?t=x.y.z', `?t=${TRUNCATED_TOKEN}`],
      title: 'This link looks incomplete',
    },
    { problem: 'missing', queries: ['', '?t='], title: 'This link is missing its code' },
  ])('a $problem token gets "$title" instead of the form', async ({ queries, title }) => {
    const journey = await newJourney();
    const { page } = journey;
    for (const query of queries) {
      await page.goto(at(`/${PARTNER}/claim-offer/create-home${query}`));
      await expect.poll(() => headingText(page), { message: query }).toBe(title);
      // The way to a new link is on the page itself (issue 30), drawn once its form code is here.
      await expect
        .poll(() => page.getByRole('button', { name: 'Email me a new link' }).count())
        .toBe(1);
      await expectNoProfileForm(page);
      expect(await page.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe(
        `/${PARTNER}/#get-the-scan`,
      );
    }
    expect(journey.apiCalls).toEqual([]);
  });

  it('an expired token (correctly signed) says the link expired, without the form', async () => {
    const journey = await newJourney();
    const { page } = journey;
    const { claimToken } = await paidClaimToken(stack.server, uniqueEmail('expired'));
    const expired = await expiredCopy(claimToken);
    await expect(jwtVerify(expired, TOKEN_KEY, CLAIM_TOKEN_CHECKS)).rejects.toMatchObject({
      code: 'ERR_JWT_EXPIRED',
    });

    await page.goto(createHomeUrl(expired));
    await expect.poll(() => headingText(page)).toBe('This link has expired');
    expect(await page.locator('main').innerText()).toContain(
      'For your security, a link to create a home profile works for 7 days.',
    );
    // The way to a new link is on the page itself (issue 30), drawn once its form code is here.
    await expect
      .poll(() => page.getByRole('button', { name: 'Email me a new link' }).count())
      .toBe(1);
    await expectNoProfileForm(page);
    expect(journey.apiCalls).toEqual([]);
  });
});

describe('steps opened directly, without the signup', () => {
  it('the process page, with or without the client id, says to start again and never asks for a checkout', async () => {
    const journey = await newJourney();
    const { page } = journey;
    for (const path of [`/${PARTNER}/claim-offer/process`, '/claim-offer/process']) {
      await page.goto(at(path));
      await expect
        .poll(() => headingText(page), { message: path })
        .toBe('Your checkout needs a fresh start');
      expect(await page.locator('main').innerText()).toContain('Nothing has been charged.');
      expect(await page.getByRole('link', { name: 'Start again' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
    }
    expect(callCount(journey, SESSION)).toBe(0);
    expect(journey.apiCalls).toEqual([]);
  });

  it('the claim-offer page by link shows the whole offer, takes the email there and goes on', async () => {
    const journey = await newJourney();
    const { page } = journey;
    await page.goto(at(`/${PARTNER}/claim-offer`));
    await expect.poll(() => headingText(page)).toBe('Get a Virtual Home Safety Assessment');
    const main = await page.locator('main').innerText();
    for (const text of ['Exclusive Limited-Time Offer:', '$75.00', 'provided solely by']) {
      expect(main).toContain(text);
    }
    expect(await page.getByRole('button', { name: 'Claim this offer' }).count()).toBe(0);

    await page.locator('main').getByLabel(/email/i).fill('linked@example.com');
    await page.locator('main').getByLabel(/zip/i).fill('02134');
    await page.locator('main form').getByRole('button').last().click();
    await page.getByRole('button', { name: 'Claim this offer' }).click();
    await page.waitForURL(at(`/${PARTNER}/claim-offer/process`));
    await page.getByRole('button', { name: /^Pay/ }).waitFor();
    expect(callCount(journey, '/api/landing/signup')).toBe(1);
  });
});

describe('unknown paths', () => {
  it.each(['/demo/claim-offer/nope/deeper', '/demo/nope'])('%s redirects to /', async (path) => {
    const { page } = await newJourney();
    await page.goto(at(path));
    await page.waitForURL(at('/'));
    await page.locator('#get-the-scan').waitFor();
    expect(await openAlert(page).count()).toBe(0);
  });
});
