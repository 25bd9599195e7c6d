import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  checkoutBody,
  createCheckout,
  getJson,
  jwtPayload,
  pollStatus,
  postJson,
  RETURN_URL,
  serverForBlock,
  signup,
  TEST_SECRET,
  testPayment,
  testSessionId,
} from './helpers.ts';

const CREATE = '/api/stripe/api/create-checkout-session';

describe('POST /api/stripe/api/create-checkout-session (test provider)', () => {
  const server = serverForBlock();

  it('creates an open order and a test payment session for the signed-up email', async () => {
    const checkout = await createCheckout(server, await signup(server));
    expect(checkout.provider).toBe('test');
    expect(checkout.clientSecret).toMatch(/^test_secret_tps_[0-9a-f]{32}$/);

    const row = (await server.row('SELECT * FROM orders WHERE id = ?', checkout.orderId)) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      partner_id: 'demo',
      email: 'visitor@example.com',
      campaign_id: 'demo-dev',
      status: 'open',
      amount_cents: 7500,
      currency: 'usd',
      payment_provider: 'test',
      payment_session_id: testSessionId(checkout.clientSecret),
      claim_token: null,
      report_id: null,
    });
    const stored = new URL(String(row.return_url));
    expect(`${stored.origin}${stored.pathname}`).toBe(RETURN_URL);
    expect(stored.searchParams.get('orderId')).toBe(checkout.orderId);
    expect(stored.searchParams.get('t')).toBe(row.status_token);
  });

  it('shows the test session for the labelled test checkout', async () => {
    const checkout = await createCheckout(server, await signup(server));
    const response = await getJson(
      server,
      `/api/test-payments/${testSessionId(checkout.clientSecret)}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      email: 'visitor@example.com',
      amountCents: 7500,
      currency: 'usd',
      partnerId: 'demo',
      partnerName: 'Demo Partner',
      status: 'open',
      language: 'en',
    });
    expect((await getJson(server, '/api/test-payments/tps_unknown')).status).toBe(404);
  });

  it('opens no test payment session for a partner whose amountCents is 0 (a free claim)', async () => {
    const email = 'free@example.com';
    const checkout = await createCheckout(
      server,
      await signup(server, email, 'cor-freedom'),
      email,
    );
    expect(checkout.provider).toBe('free');
    expect(checkout.clientSecret.startsWith('test_secret_')).toBe(false);
    const row = await server.row<{ payment_provider: string; amount_cents: number }>(
      'SELECT payment_provider, amount_cents FROM orders WHERE id = ?',
      checkout.orderId,
    );
    expect(row).toEqual({ payment_provider: 'free', amount_cents: 0 });
  });

  it('uses the campaign id of the configuration, not the one the browser sends', async () => {
    const actionToken = await signup(server, 'visitor@example.com', 'lowes');
    const response = await postJson<{ orderId: string }>(server, CREATE, {
      ...checkoutBody(actionToken),
      campaignId: 'something-else',
    });
    expect(response.status).toBe(200);
    const row = await server.row(
      'SELECT campaign_id FROM orders WHERE id = ?',
      response.body.orderId,
    );
    expect(row).toEqual({ campaign_id: 'lowes-dev' });
  });

  it('keeps the return URL’s own query and fragment and replaces stale orderId/t', async () => {
    const actionToken = await signup(server);
    const returnUrl =
      'https://scan.example.test/return?session_id={CHECKOUT_SESSION_ID}&orderId=old&t=old#top';
    const response = await postJson<{ orderId: string }>(
      server,
      CREATE,
      checkoutBody(actionToken, undefined, returnUrl),
    );
    expect(response.status).toBe(200);
    const row = (await server.row(
      'SELECT return_url, status_token FROM orders WHERE id = ?',
      response.body.orderId,
    )) as {
      return_url: string;
      status_token: string;
    };
    expect(row.return_url).toBe(
      `https://scan.example.test/return?session_id={CHECKOUT_SESSION_ID}&orderId=${response.body.orderId}&t=${row.status_token}#top`,
    );
  });

  it('refuses a garbage, tampered or expired action token with 401 invalid_action_token', async () => {
    const garbage = await postJson(server, CREATE, checkoutBody('not-a-token'));
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ error: 'invalid_action_token', message: expect.any(String) });

    const valid = await signup(server);
    const [header, , signature] = valid.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...jwtPayload(valid), email: 'mallory@example.com' }),
    ).toString('base64url');
    const tampered = await postJson(
      server,
      CREATE,
      checkoutBody(`${header}.${forgedPayload}.${signature}`, 'mallory@example.com'),
    );
    expect(tampered.status).toBe(401);
    expect(tampered.body.error).toBe('invalid_action_token');

    const otherKey = await new SignJWT({ email: 'visitor@example.com', referral: 'demo' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('homesafe-scan')
      .setAudience('homesafe-scan:action')
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await postJson(server, CREATE, checkoutBody(otherKey))).status).toBe(401);

    server.clock.advance(30 * 60 * 1000 + 1000);
    try {
      const expired = await postJson(server, CREATE, checkoutBody(valid));
      expect(expired.status).toBe(401);
      expect(expired.body.error).toBe('invalid_action_token');
    } finally {
      server.clock.advance(-(30 * 60 * 1000 + 1000));
    }
  });

  it('refuses a customer_email different from the signed-up one with 403 email_mismatch', async () => {
    const actionToken = await signup(server, 'visitor@example.com');
    const response = await postJson(
      server,
      CREATE,
      checkoutBody(actionToken, 'someone-else@example.com'),
    );
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('email_mismatch');
    // Case and surrounding spaces do not make it a different address.
    expect(
      (await postJson(server, CREATE, checkoutBody(actionToken, ' Visitor@Example.com '))).status,
    ).toBe(200);
  });

  it.each([['javascript:alert(1)'], ['/relative/path'], ['https://user:pw@scan.example.test/']])(
    'refuses the return_url %j with 400 invalid_return_url',
    async (returnUrl) => {
      const response = await postJson(
        server,
        CREATE,
        checkoutBody(await signup(server), undefined, returnUrl),
      );
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_return_url');
    },
  );
});

describe('GET /api/stripe/api/checkout-status with test payments', () => {
  const server = serverForBlock();

  it('reads open before payment, then completed with a claim token after pay', async () => {
    const checkout = await createCheckout(server, await signup(server));
    const stored = (await server.row(
      'SELECT status_token FROM orders WHERE id = ?',
      checkout.orderId,
    )) as {
      status_token: string;
    };
    const before = await pollStatus(server, checkout.orderId, stored.status_token);
    expect(before.status).toBe(200);
    // Compact: exactly the status and nothing else.
    expect(before.text).toBe('{"status":"open"}');

    const paid = await testPayment(server, checkout, 'pay');
    expect(paid.orderId).toBe(checkout.orderId);
    expect(paid.t).toBe(stored.status_token);
    expect(paid.returnUrl.startsWith(`${RETURN_URL}?orderId=`)).toBe(true);

    const after = await pollStatus(server, paid.orderId, paid.t);
    expect(after.status).toBe(200);
    expect(Object.keys(after.body).sort()).toEqual(['claimToken', 'status']);
    expect(after.body.status).toBe('completed');

    // The same token on every poll: minted once, stored, never re-signed.
    const again = await pollStatus(server, paid.orderId, paid.t);
    expect(again.body.claimToken).toBe(after.body.claimToken);
  });

  it('issues a claim token whose payload carries reportID and orderId, valid for 7 days', async () => {
    const checkout = await createCheckout(server, await signup(server));
    const { orderId, t } = await testPayment(server, checkout, 'pay');
    const { body } = await pollStatus(server, orderId, t);
    const claimToken = body.claimToken ?? '';

    const { payload, protectedHeader } = await jwtVerify(
      claimToken,
      new TextEncoder().encode(TEST_SECRET),
      {
        currentDate: new Date(server.clock.now),
      },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.orderId).toBe(orderId);
    expect(payload.reportID).toMatch(/^[0-9a-f-]{36}$/);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(7 * 24 * 60 * 60);

    const row = await server.row(
      'SELECT report_id, claim_token, status FROM orders WHERE id = ?',
      orderId,
    );
    expect(row).toEqual({
      report_id: payload.reportID,
      claim_token: claimToken,
      status: 'completed',
    });
  });

  it('gives each order its own report id', async () => {
    const first = await testPayment(
      server,
      await createCheckout(server, await signup(server)),
      'pay',
    );
    const second = await testPayment(
      server,
      await createCheckout(server, await signup(server)),
      'pay',
    );
    const a = jwtPayload((await pollStatus(server, first.orderId, first.t)).body.claimToken ?? '');
    const b = jwtPayload(
      (await pollStatus(server, second.orderId, second.t)).body.claimToken ?? '',
    );
    expect(a.reportID).not.toBe(b.reportID);
  });

  it('reads failed after decline and canceled after cancel, without a claim token', async () => {
    const declined = await testPayment(
      server,
      await createCheckout(server, await signup(server)),
      'decline',
    );
    expect((await pollStatus(server, declined.orderId, declined.t)).text).toBe(
      '{"status":"failed"}',
    );

    const canceled = await testPayment(
      server,
      await createCheckout(server, await signup(server)),
      'cancel',
    );
    expect((await pollStatus(server, canceled.orderId, canceled.t)).text).toBe(
      '{"status":"canceled"}',
    );
  });

  it('treats a second pay as harmless but refuses other actions after the outcome', async () => {
    const checkout = await createCheckout(server, await signup(server));
    const first = await testPayment(server, checkout, 'pay');
    const claim = (await pollStatus(server, first.orderId, first.t)).body.claimToken;
    await testPayment(server, checkout, 'pay');
    expect((await pollStatus(server, first.orderId, first.t)).body.claimToken).toBe(claim);

    const decline = await postJson(
      server,
      `/api/test-payments/${testSessionId(checkout.clientSecret)}/decline`,
      {},
    );
    expect(decline.status).toBe(409);
    expect(decline.body).toMatchObject({ error: 'order_not_open', status: 'completed' });
  });

  it('answers 404 order_not_found for an unknown order or a wrong t', async () => {
    const checkout = await createCheckout(server, await signup(server));
    const { orderId, t } = await testPayment(server, checkout, 'pay');

    const wrongT = await pollStatus(
      server,
      orderId,
      `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`,
    );
    expect(wrongT.status).toBe(404);
    expect(wrongT.body).toEqual({ error: 'order_not_found', message: expect.any(String) });
    expect((await pollStatus(server, orderId, 'short')).status).toBe(404);
    expect((await pollStatus(server, 'no-such-order', t)).status).toBe(404);

    const missing = await getJson(server, `/api/stripe/api/checkout-status?orderId=${orderId}`);
    expect(missing.status).toBe(400);
  });

  it('reads an order left open past 30 minutes as expired, and refuses paying it', async () => {
    const checkout = await createCheckout(server, await signup(server));
    const { status_token: t } = (await server.row(
      'SELECT status_token FROM orders WHERE id = ?',
      checkout.orderId,
    )) as {
      status_token: string;
    };
    server.clock.advance(29 * 60 * 1000);
    expect((await pollStatus(server, checkout.orderId, t)).body.status).toBe('open');
    server.clock.advance(2 * 60 * 1000);
    expect((await pollStatus(server, checkout.orderId, t)).body.status).toBe('expired');

    const pay = await postJson(
      server,
      `/api/test-payments/${testSessionId(checkout.clientSecret)}/pay`,
      {},
    );
    expect(pay.status).toBe(409);
    expect(pay.body.error).toBe('order_not_open');
    expect((await pollStatus(server, checkout.orderId, t)).body).toEqual({ status: 'expired' });
  });
});
