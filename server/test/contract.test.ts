import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { API_SCHEMAS, type ApiSchemaFile } from '../http/contract.ts';
import {
  checkoutBody,
  completeBody,
  createCheckout,
  getJson,
  paidClaimToken,
  pollStatus,
  postJson,
  serverForBlock,
  signup,
  testPayment,
  testSessionId,
} from './helpers.ts';

/**
 * The server against the API contract (schemas/api/): what it answers conforms to the schemas the
 * browser's types come from, and a request the schemas refuse gets the error format, not a crash
 * nor a silent acceptance. An independent Ajv (draft 2020-12, strict) checks the answers.
 */
const ajv = new Ajv2020({ strict: true, allErrors: true });
for (const schema of Object.values(API_SCHEMAS)) ajv.addSchema(schema);

function expectConforms(file: ApiSchemaFile, body: unknown): void {
  const validate = ajv.getSchema(API_SCHEMAS[file].$id);
  if (!validate) throw new Error(`schema ${file} not found`);
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `${file}: ${JSON.stringify(body)}`).toEqual([]);
}

describe('the API contract', () => {
  const server = serverForBlock();

  it('every answer of a whole journey conforms to its response schema', async () => {
    const signupAnswer = await postJson(server, '/api/landing/signup', {
      email: 'contract@example.com',
      captchaToken: 'local:landing_signup',
      referral: 'demo',
    });
    expectConforms('signup.response.schema.json', signupAnswer.body);

    const actionToken = String(signupAnswer.body.actionToken);
    const session = await postJson(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(actionToken, 'contract@example.com'),
    );
    expectConforms('checkout-session.response.schema.json', session.body);

    const sessionId = testSessionId(String(session.body.clientSecret));
    const testSession = await getJson(server, `/api/test-payments/${sessionId}`);
    expectConforms('test-payment-session.response.schema.json', testSession.body);

    const open = await getJson(
      server,
      `/api/stripe/api/checkout-status?orderId=${String(session.body.orderId)}&t=wrong`,
    );
    expect(open.status).toBe(404);
    expectConforms('error.response.schema.json', open.body);

    const paid = await postJson(server, `/api/test-payments/${sessionId}/pay`, {});
    expectConforms('test-payment-action.response.schema.json', paid.body);
    const again = await postJson(server, `/api/test-payments/${sessionId}/cancel`, {});
    expect(again.status).toBe(409);
    expectConforms('error.response.schema.json', again.body);
    expect(again.body).toMatchObject({ error: 'order_not_open', status: 'completed' });

    const url = new URL(String(paid.body.returnUrl));
    const status = await pollStatus(
      server,
      url.searchParams.get('orderId') ?? '',
      url.searchParams.get('t') ?? '',
    );
    expectConforms('checkout-status.response.schema.json', status.body);
    expect(status.body.status).toBe('completed');

    const claimToken = String(status.body.claimToken);
    const badProfile = await postJson(
      server,
      '/api/landing/complete',
      completeBody(claimToken, { describeHome: 'nobody', postalCode: '1' }),
    );
    expect(badProfile.status).toBe(400);
    expectConforms('error.response.schema.json', badProfile.body);
    expect(badProfile.body.fields).toBeTypeOf('object');

    const completed = await postJson(server, '/api/landing/complete', completeBody(claimToken));
    expect(completed.status).toBe(201);
    expectConforms('complete.response.schema.json', completed.body);

    expectConforms('health.response.schema.json', (await getJson(server, '/health')).body);
  });

  it('every answer of a free claim conforms to its response schema', async () => {
    const email = 'contract-free@example.com';
    const opened = await postJson(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(await signup(server, email, 'cor-freedom'), email),
    );
    expectConforms('checkout-session.response.schema.json', opened.body);
    expect(opened.body.provider).toBe('free');
    const confirm = {
      orderId: String(opened.body.orderId),
      clientSecret: String(opened.body.clientSecret),
    };
    expectConforms('free-claim-confirm.request.schema.json', confirm);
    const confirmed = await postJson(server, '/api/landing/confirm-free-claim', confirm);
    expectConforms('free-claim-confirm.response.schema.json', confirmed.body);

    const paid = await createCheckout(
      server,
      await signup(server, 'c@example.com'),
      'c@example.com',
    );
    const refused = await postJson(server, '/api/landing/confirm-free-claim', {
      orderId: paid.orderId,
      clientSecret: 'not-its-secret',
    });
    expect(refused.status).toBe(404);
    expectConforms('error.response.schema.json', refused.body);
  });

  it.each([
    [
      'a checkout without its action token',
      'POST',
      '/api/stripe/api/create-checkout-session',
      { customer_email: 'a@example.com', return_url: 'https://scan.example.test/r' },
    ],
    [
      'a checkout whose customerId is a number',
      'POST',
      '/api/stripe/api/create-checkout-session',
      { ...checkoutBody('x'), customerId: 7 },
    ],
    [
      'a return address longer than the contract allows',
      'POST',
      '/api/stripe/api/create-checkout-session',
      checkoutBody('x', 'a@example.com', `https://scan.example.test/${'r'.repeat(2000)}`),
    ],
    ['a status poll without its token', 'GET', '/api/stripe/api/checkout-status?orderId=o1', null],
    [
      'a profile with more fields than the contract allows',
      'POST',
      '/api/landing/complete',
      Object.fromEntries(
        Array.from({ length: 13 }, (_, index) => [`field${index}`, 'x']).concat([
          ['captchaToken', 'local:landing_complete'],
          ['claimToken', 'x'],
        ]),
      ),
    ],
    [
      'a signup whose referral is not a string',
      'POST',
      '/api/landing/signup',
      { email: 'a@example.com', captchaToken: 'local:landing_signup', referral: 42 },
    ],
  ])(
    'refuses %s with 400 invalid_request in the error format',
    async (_what, method, path, body) => {
      const response =
        method === 'GET' ? await getJson(server, path) : await postJson(server, path, body);
      expect(response.status).toBe(400);
      expectConforms('error.response.schema.json', response.body);
      expect(response.body).toEqual({
        error: 'invalid_request',
        message: expect.stringMatching(/^The request is not valid: .+\.$/),
      });
    },
  );

  it('refuses an address the contract’s pattern refuses with invalid_email, the code the form maps', async () => {
    for (const email of ['a@b.c', 'a@example..com', ' padded@example.com ']) {
      const response = await postJson(server, '/api/landing/signup', {
        email,
        captchaToken: 'local:landing_signup',
        referral: 'demo',
      });
      expect(response.status, email).toBe(400);
      expect(response.body.error).toBe('invalid_email');
    }
  });

  it('keeps working for the unchanged journey helpers', async () => {
    const checkout = await createCheckout(
      server,
      await signup(server, 'h@example.com'),
      'h@example.com',
    );
    const { orderId, t } = await testPayment(server, checkout, 'decline');
    expect((await pollStatus(server, orderId, t)).body).toEqual({ status: 'failed' });
    expect((await paidClaimToken(server, 'h2@example.com')).claimToken).toMatch(/\./);
  });
});
