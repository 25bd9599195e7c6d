import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_UI_MODE } from '../payments/stripeAdapter.ts';
import {
  deliverWebhook,
  signedWebhookEvent,
  startFakeStripe,
  type FakeSession,
  type SignedWebhookEvent,
} from './fakeStripe.ts';
import {
  checkoutBody,
  completeBody,
  confirmFreeClaim,
  createCheckout,
  forBlock,
  getJson,
  jwtPayload,
  must,
  pollStatus,
  postJson,
  RETURN_URL,
  serverForBlock,
  signup,
  startServer,
  type TestServer,
} from './helpers.ts';

const WEBHOOK_SECRET = 'whsec_test_fake_secret';
const signer = new Stripe('sk_test_only_for_signing');

const signedEvent = (type: string, session: FakeSession, id?: string) =>
  signedWebhookEvent(WEBHOOK_SECRET, type, session, id);

const deliver = (server: TestServer, event: SignedWebhookEvent) =>
  deliverWebhook(server.baseUrl, event);

async function orderRow(server: TestServer, orderId: string) {
  return (await server.row('SELECT * FROM orders WHERE id = ?', orderId)) as {
    status: string;
    status_token: string;
    claim_token: string | null;
    report_id: string | null;
    payment_session_id: string;
    payment_provider: string;
    amount_cents: number;
    return_url: string;
  };
}

describe('Stripe adapter against a fake Stripe API', () => {
  const fake = forBlock(startFakeStripe);
  const server = serverForBlock(() => ({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...fake.env,
    },
  }));

  async function stripeCheckout(email = 'visitor@example.com', referral = 'demo') {
    const before = fake.requests.length;
    const checkout = await createCheckout(server, await signup(server, email, referral), email);
    const created = fake.requests
      .slice(before)
      .find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    if (!created) throw new Error('no session request reached the fake Stripe');
    const row = await orderRow(server, checkout.orderId);
    return {
      checkout,
      created,
      row,
      session: must(fake.sessions.get(row.payment_session_id), 'the fake session'),
    };
  }

  it('creates an embedded Checkout Session with the order’s return URL, email, price and metadata', async () => {
    const { checkout, created, row, session } = await stripeCheckout();
    expect(EMBEDDED_UI_MODE).toBe('embedded_page');
    expect(created.headers.authorization).toBe('Bearer sk_test_fake_key');
    expect(created.headers['idempotency-key']).toBe(`checkout-session-${checkout.orderId}`);

    const form = created.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('ui_mode')).toBe('embedded_page');
    expect(form.get('return_url')).toBe(
      `${RETURN_URL}?orderId=${checkout.orderId}&t=${row.status_token}`,
    );
    expect(form.get('customer_email')).toBe('visitor@example.com');
    expect(form.get('client_reference_id')).toBe(checkout.orderId);
    expect(form.get('metadata[orderId]')).toBe(checkout.orderId);
    expect(form.get('metadata[campaignId]')).toBe('demo-dev');
    expect(form.get('metadata[partnerId]')).toBe('demo');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('7500');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe(
      'Virtual Home Safety Scan',
    );
    expect(form.get('payment_intent_data[metadata][orderId]')).toBe(checkout.orderId);
    // Stripe requires expires_at at least 30 minutes ahead.
    expect(Number(form.get('expires_at')) * 1000).toBeGreaterThanOrEqual(
      Date.now() + 30 * 60 * 1000,
    );

    expect(checkout).toEqual({
      orderId: checkout.orderId,
      clientSecret: session.client_secret,
      provider: 'stripe',
    });
    expect(row.status).toBe('open');
  });

  it('never calls Stripe for a free offer: the claim is opened and confirmed without it', async () => {
    const email = 'free@example.com';
    const before = fake.requests.length;
    const checkout = await createCheckout(
      server,
      await signup(server, email, 'cor-freedom'),
      email,
    );
    expect(checkout.provider).toBe('free');
    const confirmed = await confirmFreeClaim(server, checkout);
    expect(confirmed.status).toBe(200);
    const url = new URL(confirmed.body.returnUrl);
    const status = await pollStatus(
      server,
      url.searchParams.get('orderId') ?? '',
      url.searchParams.get('t') ?? '',
    );
    expect(status.body.status).toBe('completed');
    expect(typeof status.body.claimToken).toBe('string');
    expect(fake.requests.slice(before)).toEqual([]);
    expect(await orderRow(server, checkout.orderId)).toMatchObject({
      status: 'completed',
      payment_provider: 'free',
      amount_cents: 0,
    });
  });

  it('answers 502 payment_provider_error when Stripe refuses, and marks the order failed', async () => {
    const email = 'stripe-refuses@example.com';
    const response = await postJson(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(await signup(server, email), email),
    );
    expect(response.status).toBe(502);
    expect(response.body.error).toBe('payment_provider_error');
    const failed = await server.row(
      "SELECT COUNT(*) AS n FROM orders WHERE email = ? AND status = 'failed'",
      email,
    );
    expect(failed).toEqual({ n: 1 });
  });

  it('polls Stripe for the live status (throttled) and fulfils once it is paid', async () => {
    const { checkout, row, session } = await stripeCheckout();
    const lookups = () =>
      fake.requests.filter(
        (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`,
      ).length;

    expect((await pollStatus(server, checkout.orderId, row.status_token)).text).toBe(
      '{"status":"open"}',
    );
    expect(lookups()).toBe(1);
    // A second poll in the same instant reuses the recent answer instead of calling Stripe again.
    await pollStatus(server, checkout.orderId, row.status_token);
    expect(lookups()).toBe(1);

    fake.update(session.id, { status: 'complete', payment_status: 'paid' });
    server.clock.advance(2500);
    const paid = await pollStatus(server, checkout.orderId, row.status_token);
    expect(lookups()).toBe(2);
    expect(paid.body.status).toBe('completed');
    expect(jwtPayload(paid.body.claimToken ?? '')).toMatchObject({ orderId: checkout.orderId });

    // Terminal now: answered from the database without asking Stripe.
    server.clock.advance(2500);
    expect((await pollStatus(server, checkout.orderId, row.status_token)).body.claimToken).toBe(
      paid.body.claimToken,
    );
    expect(lookups()).toBe(2);

    const completed = await postJson(
      server,
      '/api/landing/complete',
      completeBody(paid.body.claimToken ?? ''),
    );
    expect(completed.status).toBe(201);
  });

  it('fulfils from a signed webhook exactly once, however often it is delivered', async () => {
    const { checkout, row, session } = await stripeCheckout();
    fake.update(session.id, { status: 'complete', payment_status: 'paid' });
    const event = signedEvent('checkout.session.completed', session, 'evt_completed_1');

    const first = await deliver(server, event);
    expect(first).toEqual({ status: 200, body: { received: true } });
    const afterFirst = await orderRow(server, checkout.orderId);
    expect(afterFirst.status).toBe('completed');
    expect(afterFirst.claim_token).toBeTruthy();
    expect(afterFirst.report_id).toBeTruthy();

    const second = await deliver(server, event);
    expect(second.status).toBe(200);
    const afterSecond = await orderRow(server, checkout.orderId);
    expect(afterSecond.claim_token).toBe(afterFirst.claim_token);
    expect(afterSecond.report_id).toBe(afterFirst.report_id);

    // The status poll returns the same single token, whose payload names the same report.
    const polled = await pollStatus(server, checkout.orderId, row.status_token);
    expect(polled.body).toEqual({ status: 'completed', claimToken: afterFirst.claim_token });
    expect(jwtPayload(polled.body.claimToken ?? '').reportID).toBe(afterFirst.report_id);
    const reports = await server.row(
      'SELECT COUNT(*) AS n FROM orders WHERE report_id = ?',
      afterFirst.report_id,
    );
    expect(reports).toEqual({ n: 1 });
  });

  it('rejects a webhook with a bad or missing signature with 400', async () => {
    const { session, checkout } = await stripeCheckout();
    const event = signedEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
    });
    const forged = await deliver(server, {
      payload: event.payload.replace('"livemode":false', '"livemode":true'),
      signature: event.signature,
    });
    expect(forged).toEqual({
      status: 400,
      body: { error: 'invalid_signature', message: expect.any(String) },
    });

    const otherSecret = signer.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: 'whsec_someone_else',
    });
    expect((await deliver(server, { payload: event.payload, signature: otherSecret })).status).toBe(
      400,
    );

    const unsigned = await fetch(`${server.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: event.payload,
    });
    expect(unsigned.status).toBe(400);
    expect((await orderRow(server, checkout.orderId)).status).toBe('open');
  });

  it('marks the order expired on checkout.session.expired', async () => {
    const { checkout, row, session } = await stripeCheckout();
    fake.update(session.id, { status: 'expired' });
    expect((await deliver(server, signedEvent('checkout.session.expired', session))).status).toBe(
      200,
    );
    expect((await orderRow(server, checkout.orderId)).status).toBe('expired');
    expect((await pollStatus(server, checkout.orderId, row.status_token)).text).toBe(
      '{"status":"expired"}',
    );
  });

  it('waits in processing for a delayed payment method, then fulfils on async success', async () => {
    const { checkout, row, session } = await stripeCheckout();
    fake.update(session.id, { status: 'complete', payment_status: 'unpaid' });
    await deliver(server, signedEvent('checkout.session.completed', session));
    expect((await orderRow(server, checkout.orderId)).status).toBe('processing');
    server.clock.advance(2500);
    expect((await pollStatus(server, checkout.orderId, row.status_token)).body).toEqual({
      status: 'processing',
    });

    fake.update(session.id, { payment_status: 'paid' });
    await deliver(server, signedEvent('checkout.session.async_payment_succeeded', session));
    const done = await orderRow(server, checkout.orderId);
    expect(done.status).toBe('completed');
    expect(done.claim_token).toBeTruthy();
  });

  it('ignores events it does not handle and sessions that are not ours', async () => {
    const { session } = await stripeCheckout();
    expect((await deliver(server, signedEvent('customer.created', session))).status).toBe(200);
    const stranger = { ...session, id: 'cs_test_not_ours' };
    expect(
      (await deliver(server, signedEvent('checkout.session.completed', stranger))).status,
    ).toBe(200);
  });

  it('does not offer the test payment endpoints while Stripe is active', async () => {
    expect((await getJson(server, '/api/test-payments/tps_anything')).status).toBe(404);
    expect((await postJson(server, '/api/test-payments/tps_anything/pay', {})).status).toBe(404);
  });
});

describe('Stripe without a webhook secret', () => {
  it('answers the webhook with 503 webhook_not_configured', async () => {
    const server = await startServer({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake_key',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '9',
        STRIPE_API_PROTOCOL: 'http',
      },
    });
    try {
      const response = await fetch(`${server.baseUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        body: '{}',
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: 'webhook_not_configured',
        message: expect.any(String),
      });
    } finally {
      await server.close();
    }
  });
});
