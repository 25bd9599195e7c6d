import { describe, expect, it } from 'vitest';
import { CLAIM_TOKEN_TTL_SECONDS } from '../auth/tokens.ts';
import { lastDayToUse } from '../email/confirmationEmail.ts';
import { claimOfferBase } from '../services/confirmations.ts';
import {
  completeBody,
  confirmationEmails,
  confirmFreeClaim,
  createCheckout,
  createClock,
  freeClaimToken,
  jwtPayload,
  must,
  paidClaimToken,
  postJson,
  resendLink,
  serverForBlock,
  signup,
  stepTwoLink,
  testPayment,
  testSessionId,
  type TestServer,
} from './helpers.ts';

/**
 * Issue 30, "a way back": the confirmation email queued once per fulfilled order with a link to
 * step 2, and "send me my link again" (POST /api/landing/resend-link), on the project's engine.
 */
const COMPLETE = '/api/landing/complete';

/** Waits until the resend work started by the answered requests has run (it runs after them). */
const settled = (server: TestServer) => server.app.resendLinkIdle();

describe('the step 2 link leads back to the site the visitor used', () => {
  const fallback = 'https://scan.example.test';
  it('keeps the return address origin and /:clientId prefix, else the public address', () => {
    const base = (returnUrl: string, partnerId = 'demo') =>
      claimOfferBase({ partnerId, returnUrl }, fallback);
    expect(base('https://a.example/demo/claim-offer/payment-return?orderId=1&t=2')).toBe(
      'https://a.example/demo/claim-offer',
    );
    // A partner chosen by its host name: no prefix.
    expect(base('http://localhost:8787/claim-offer/payment-return?orderId=1&t=2', 'lowes')).toBe(
      'http://localhost:8787/claim-offer',
    );
    // Not one of our step pages (an integration's own return page): the public address.
    expect(base('https://a.example/thanks?orderId=1')).toBe(`${fallback}/demo/claim-offer`);
    expect(base('javascript:alert(1)//claim-offer/payment-return')).toBe(
      `${fallback}/demo/claim-offer`,
    );
  });
});

describe('the day the confirmation email says to use the link by', () => {
  it('is one on whose last minute the link still works in every time zone', () => {
    // Expiring Thursday, December 10 at 00:01 UTC (still Wednesday the 9th, 14:01, in Hawaii).
    expect(lastDayToUse(Date.UTC(2026, 11, 10, 0, 1))).toBe('Tuesday, December 8');
    // Expiring at 23:59 UTC that Thursday: Wednesday ends everywhere before it.
    expect(lastDayToUse(Date.UTC(2026, 11, 10, 23, 59))).toBe('Wednesday, December 9');
  });
});

describe('the confirmation email', () => {
  const server = serverForBlock();

  it('is queued once when an order is paid, however often and at once it is paid and polled', async () => {
    const email = 'paid-once@example.com';
    const checkout = await createCheckout(server, await signup(server, email), email);
    const path = `/api/test-payments/${testSessionId(checkout.clientSecret)}/pay`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => postJson(server, path, {})));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await testPayment(server, checkout, 'pay');

    const emails = await confirmationEmails(server, email);
    expect(emails).toHaveLength(1);
    const [sent] = emails;
    const order = await server.row<{ report_id: string; claim_token: string }>(
      'SELECT report_id, claim_token FROM orders WHERE id = ?',
      checkout.orderId,
    );
    expect(sent?.report_id).toBe(order?.report_id);
    expect(sent?.subject).toBe('Thank you: your HomeSafe Scan from Demo Partner: one more step');
    // The partner, the price paid, the link back to step 2 for this order, and the way to ask
    // for a new link.
    expect(sent?.text).toContain('We received your payment of $75.00');
    expect(sent?.html).toContain('Demo Partner');
    expect(sent?.html).toContain('https://scan.example.test/images/generated/demo/logo.png');
    const link = stepTwoLink(must(sent?.text, 'the text'));
    expect(`${link.origin}${link.pathname}`).toBe(
      'https://scan.example.test/demo/claim-offer/create-home',
    );
    expect(link.searchParams.get('t')).toBe(order?.claim_token);
    expect(sent?.text).toContain('https://scan.example.test/demo/claim-offer/resend');
    expect(sent?.text).toContain(`Order number: ${checkout.orderId}`);
  });

  it('is queued once for a free claim, says "free", and leads back to the site the visitor used', async () => {
    const email = 'free-once@example.com';
    const checkout = await createCheckout(
      server,
      await signup(server, email, 'cor-freedom'),
      email,
    );
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => confirmFreeClaim(server, checkout)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const emails = await confirmationEmails(server, email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Your free HomeSafe Scan from Cor Freedom Care: one more step');
    expect(emails[0]?.text).toContain('There is nothing to pay.');
    expect(emails[0]?.text).not.toMatch(/\$\d/);
  });

  it('opens step 2 for days: the link saves the profile and queues the instructions, then stops working', async () => {
    const email = 'come-back@example.com';
    const { orderId } = await paidClaimToken(server, email);
    const link = stepTwoLink(must((await confirmationEmails(server, email))[0], 'email').text);
    const claimToken = must(link.searchParams.get('t'), 'the token');
    const payload = jwtPayload(claimToken);
    expect(payload).toMatchObject({ orderId, aud: 'homesafe-scan:claim' });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(CLAIM_TOKEN_TTL_SECONDS);

    // Six days later the visitor finds the email.
    server.clock.advance(6 * 24 * 60 * 60 * 1000);
    expect((await postJson(server, COMPLETE, completeBody(claimToken))).status).toBe(201);
    const instructions = await server.rows(
      "SELECT to_address FROM outbox WHERE kind = 'instructions' AND to_address = ?",
      email,
    );
    expect(instructions).toHaveLength(1);
    // Saved: the same link (or any other for the order) no longer opens step 2.
    const again = await postJson(server, COMPLETE, completeBody(claimToken));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('claim_token_used');
  });

  it('stops working after its 7 days', async () => {
    const email = 'too-late@example.com';
    await paidClaimToken(server, email);
    const link = stepTwoLink(must((await confirmationEmails(server, email))[0], 'email').text);
    server.clock.advance(CLAIM_TOKEN_TTL_SECONDS * 1000 + 60_000);
    const late = await postJson(
      server,
      COMPLETE,
      completeBody(must(link.searchParams.get('t'), 't')),
    );
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('invalid_claim_token');
  });
});

describe('send me my link again', () => {
  const server = serverForBlock();

  it('answers a known and an unknown address alike, and emails a fresh link only to the known one', async () => {
    const known = 'Lost.Tab@example.com';
    const { claimToken: first } = await paidClaimToken(server, known);
    const unknown = 'never-bought@example.com';

    const a = await resendLink(server, 'lost.tab@EXAMPLE.com');
    const b = await resendLink(server, unknown);
    expect(a.status).toBe(202);
    expect({ status: b.status, text: b.text }).toEqual({ status: a.status, text: a.text });
    expect(a.body).toEqual({ accepted: true });
    await settled(server);

    const emails = await confirmationEmails(server, known);
    expect(emails).toHaveLength(2);
    const resent = must(emails[1], 'the resent email');
    expect(resent.subject).toBe('Your new link to finish your HomeSafe Scan from Demo Partner');
    const fresh = must(stepTwoLink(resent.text).searchParams.get('t'), 'fresh token');
    expect(fresh).not.toBe(first);
    expect(jwtPayload(fresh).reportID).toBe(jwtPayload(first).reportID);
    expect(await server.rows('SELECT id FROM outbox WHERE to_address = ?', unknown)).toEqual([]);

    // The old link keeps its own expiry: both work until the profile is saved, then neither.
    expect((await postJson(server, COMPLETE, completeBody(first))).status).toBe(201);
    expect((await postJson(server, COMPLETE, completeBody(fresh))).status).toBe(409);

    // Saved: nothing more to send for that order.
    expect((await resendLink(server, known)).status).toBe(202);
    await settled(server);
    expect(await confirmationEmails(server, known)).toHaveLength(2);
  });

  it("sends nothing for another partner's order", async () => {
    const email = 'other-partner@example.com';
    await freeClaimToken(server, email, 'cor-freedom');
    expect((await resendLink(server, email, 'demo')).status).toBe(202);
    await settled(server);
    expect(await confirmationEmails(server, email)).toHaveLength(1);
    expect((await resendLink(server, email, 'cor-freedom')).status).toBe(202);
    await settled(server);
    expect(await confirmationEmails(server, email)).toHaveLength(2);
  });

  it('refuses a bad address, a failed bot check and an unknown partner with a sentence', async () => {
    const bad = await resendLink(server, 'not an address');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'invalid_email',
      message: 'Please enter a valid email address.',
    });
    const robot = await postJson(server, '/api/landing/resend-link', {
      email: 'a@example.com',
      captchaToken: 'local:landing_signup',
      referral: 'demo',
    });
    expect(robot.status).toBe(403);
    expect(robot.body.error).toBe('captcha_error');
    const stranger = await resendLink(server, 'a@example.com', 'nobody');
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe('unknown_referral');
  });
});

describe('send me my link again, limited', () => {
  const server = serverForBlock(() => {
    // The limits count in fixed windows aligned to their length: start on the hour, so the wait
    // the refusal names is the whole hour's rest, not whatever is left of the current one.
    const hour = 60 * 60 * 1000;
    return {
      clock: createClock(Math.ceil(Date.now() / hour) * hour),
      limits: 'configured',
      env: { RATE_LIMIT_RESEND: '8', RATE_LIMIT_RESEND_PER_ADDRESS: '3' },
    };
  });

  it('per address: three an hour, known or not, then a sentence that says how long to wait', async () => {
    const known = 'limited@example.com';
    await paidClaimToken(server, known);
    for (const email of [known, 'unknown-limited@example.com']) {
      for (let i = 0; i < 3; i += 1) expect((await resendLink(server, email)).status).toBe(202);
    }
    const overKnown = await resendLink(server, known);
    const overUnknown = await resendLink(server, 'unknown-limited@example.com');
    expect(overKnown.status).toBe(429);
    expect(overKnown.body).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Too many tries in a short time\. Please wait \d+ minutes? and try again\.$/,
      ),
    });
    expect(overKnown.body.message).toBe(
      'Too many tries in a short time. Please wait 60 minutes and try again.',
    );
    expect(overKnown.headers.get('retry-after')).toBe('3600');
    expect({ status: overUnknown.status, error: overUnknown.body.error }).toEqual({
      status: 429,
      error: 'rate_limited',
    });
    await settled(server);
    // The confirmation, then three links: the refused fourth sent nothing.
    expect(await confirmationEmails(server, known)).toHaveLength(4);

    // An hour later the address may ask again.
    server.clock.advance(60 * 60 * 1000);
    expect((await resendLink(server, known)).status).toBe(202);
  });

  it('per client: past the window limit, whatever the address', async () => {
    server.clock.advance(60 * 60 * 1000);
    const answers = [];
    for (let i = 0; i < 9; i += 1)
      answers.push((await resendLink(server, `client-${i}@example.com`)).status);
    expect(answers).toEqual([...Array<number>(8).fill(202), 429]);
  });
});
