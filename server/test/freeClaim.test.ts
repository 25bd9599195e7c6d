import { describe, expect, it } from 'vitest';
import { ORDER_OPEN_TTL_MS } from '../services/orders.ts';
import {
  checkoutBody,
  completeBody,
  confirmFreeClaim,
  CONFIRM_FREE_CLAIM,
  createCheckout,
  jwtPayload,
  pollStatus,
  postJson,
  RETURN_URL,
  serverForBlock,
  signup,
  type Checkout,
  type TestServer,
} from './helpers.ts';

/**
 * A free offer (the partner's offer.amountCents is 0: cor-freedom) is claimed, not paid: the
 * checkout opens an order no payment provider sees, and POST /api/landing/confirm-free-claim
 * completes it through the same fulfilment as a paid order.
 */
const FREE = 'cor-freedom';

interface OrderRow {
  id: string;
  partner_id: string;
  email: string;
  campaign_id: string;
  status: string;
  amount_cents: number;
  currency: string;
  payment_provider: string;
  payment_session_id: string | null;
  return_url: string;
  status_token: string;
  claim_token: string | null;
  report_id: string | null;
}

const orderRow = (server: TestServer, orderId: string) =>
  server.row<OrderRow>('SELECT * FROM orders WHERE id = ?', orderId);

async function openClaim(server: TestServer, email: string): Promise<Checkout> {
  return createCheckout(server, await signup(server, email, FREE), email);
}

describe('free claims', () => {
  const server = serverForBlock();

  it('opens an order of amount 0 that no card provider settles, and says it is a free claim', async () => {
    const checkout = await openClaim(server, 'claim@example.com');
    expect(checkout.provider).toBe('free');
    const row = await orderRow(server, checkout.orderId);
    expect(row).toMatchObject({
      partner_id: FREE,
      email: 'claim@example.com',
      campaign_id: 'cor-freedom-dev',
      status: 'open',
      amount_cents: 0,
      currency: 'usd',
      payment_provider: 'free',
      claim_token: null,
      report_id: null,
    });
    // Only the claim's opener holds its secret (the order's own status token).
    expect(checkout.clientSecret).toBe(row?.status_token);
    const stored = new URL(String(row?.return_url));
    expect(`${stored.origin}${stored.pathname}`).toBe(RETURN_URL);
    expect(stored.searchParams.get('orderId')).toBe(checkout.orderId);
    expect((await pollStatus(server, checkout.orderId, checkout.clientSecret)).body).toEqual({
      status: 'open',
    });
  });

  it('gives one signup one free order, however often and however concurrently it is opened', async () => {
    const email = 'once@example.com';
    const actionToken = await signup(server, email, FREE);
    const first = await createCheckout(server, actionToken, email);
    const again = await Promise.all(
      Array.from({ length: 5 }, () => createCheckout(server, actionToken, email)),
    );
    for (const checkout of again) expect(checkout).toEqual(first);
    expect(
      await server.rows('SELECT id FROM orders WHERE email = ? AND partner_id = ?', email, FREE),
    ).toEqual([{ id: first.orderId }]);
  });

  it('completes the claim once on confirmation, with the claim token the return page reads', async () => {
    const email = 'confirm@example.com';
    const checkout = await openClaim(server, email);
    const confirmed = await confirmFreeClaim(server, checkout);
    expect(confirmed.status).toBe(200);
    const returnUrl = new URL(confirmed.body.returnUrl);
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(RETURN_URL);
    expect(returnUrl.searchParams.get('orderId')).toBe(checkout.orderId);
    const t = returnUrl.searchParams.get('t') ?? '';

    const status = await pollStatus(server, checkout.orderId, t);
    expect(status.body.status).toBe('completed');
    const claimToken = String(status.body.claimToken);
    expect(jwtPayload(claimToken)).toMatchObject({ orderId: checkout.orderId });
    const row = await orderRow(server, checkout.orderId);
    expect(row).toMatchObject({ status: 'completed', claim_token: claimToken });
    expect(jwtPayload(claimToken).reportID).toBe(row?.report_id);

    // The claim token creates the home profile and queues the instructions email, as when paid.
    expect((await postJson(server, '/api/landing/complete', completeBody(claimToken))).status).toBe(
      201,
    );
    expect(
      await server.rows(
        'SELECT kind, to_address, partner_id FROM outbox WHERE to_address = ? ORDER BY id',
        email,
      ),
    ).toEqual([
      { kind: 'confirmation', to_address: email, partner_id: FREE },
      { kind: 'instructions', to_address: email, partner_id: FREE },
    ]);
  });

  it('is harmless to confirm twice, or several times at once: one claim token', async () => {
    const checkout = await openClaim(server, 'double@example.com');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => confirmFreeClaim(server, checkout)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const first = await orderRow(server, checkout.orderId);
    const again = await confirmFreeClaim(server, checkout);
    expect(again.status).toBe(200);
    expect(again.body.returnUrl).toBe(answers[0]?.body.returnUrl);
    const after = await orderRow(server, checkout.orderId);
    expect(after?.claim_token).toBe(first?.claim_token);
    expect(after?.report_id).toBe(first?.report_id);
    expect(typeof after?.claim_token).toBe('string');
  });

  it('refuses to confirm a paid partner’s order as free, even with its own secret', async () => {
    const email = 'paid@example.com';
    const paid = await createCheckout(server, await signup(server, email, 'demo'), email);
    expect(paid.provider).toBe('test');
    const row = await orderRow(server, paid.orderId);
    const answer = await postJson(server, CONFIRM_FREE_CLAIM, {
      orderId: paid.orderId,
      clientSecret: row?.status_token,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'order_not_free' });
    // Its test checkout secret is no claim secret either.
    const withTestSecret = await postJson(server, CONFIRM_FREE_CLAIM, {
      orderId: paid.orderId,
      clientSecret: paid.clientSecret,
    });
    expect(withTestSecret.status).toBe(404);
    expect(await orderRow(server, paid.orderId)).toMatchObject({
      status: 'open',
      claim_token: null,
      report_id: null,
    });
  });

  it('refuses an unknown order and a wrong secret alike, changing nothing', async () => {
    const checkout = await openClaim(server, 'unknown@example.com');
    const unknown = await postJson(server, CONFIRM_FREE_CLAIM, {
      orderId: 'no-such-order',
      clientSecret: checkout.clientSecret,
    });
    const wrong = await postJson(server, CONFIRM_FREE_CLAIM, {
      orderId: checkout.orderId,
      // Another last character (a secret that already ends in "x" would otherwise stay right).
      clientSecret: `${checkout.clientSecret.slice(0, -1)}${checkout.clientSecret.endsWith('x') ? 'y' : 'x'}`,
    });
    for (const answer of [unknown, wrong]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: 'order_not_found' });
    }
    expect(await orderRow(server, checkout.orderId)).toMatchObject({
      status: 'open',
      claim_token: null,
    });
  });

  it('refuses a claim left open past its window: it is expired, and stays so', async () => {
    const checkout = await openClaim(server, 'late@example.com');
    server.clock.advance(ORDER_OPEN_TTL_MS + 1000);
    try {
      const answer = await confirmFreeClaim(server, checkout);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: 'order_not_open', status: 'expired' });
      expect(await orderRow(server, checkout.orderId)).toMatchObject({
        status: 'expired',
        claim_token: null,
      });
      expect((await confirmFreeClaim(server, checkout)).status).toBe(409);
    } finally {
      server.clock.advance(-(ORDER_OPEN_TTL_MS + 1000));
    }
  });

  it('refuses a body the contract does not allow', async () => {
    const checkout = await openClaim(server, 'shape@example.com');
    for (const body of [
      { orderId: checkout.orderId },
      { orderId: checkout.orderId, clientSecret: 42 },
      { orderId: '', clientSecret: checkout.clientSecret },
    ]) {
      const answer = await postJson(server, CONFIRM_FREE_CLAIM, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_request' });
    }
  });
});

describe('free claims under the configured limits', () => {
  const server = serverForBlock({
    limits: 'configured',
    env: { RATE_LIMIT_CHECKOUT: '3', RATE_LIMIT_SIGNUP: '10' },
  });

  it('counts confirmations with the checkouts of the client address', async () => {
    const email = 'limited@example.com';
    const actionToken = await signup(server, email, FREE);
    const opened = await postJson<Checkout>(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(actionToken, email),
    );
    expect(opened.status).toBe(200);
    expect((await confirmFreeClaim(server, opened.body)).status).toBe(200);
    expect((await confirmFreeClaim(server, opened.body)).status).toBe(200);
    const limited = await confirmFreeClaim(server, opened.body);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
