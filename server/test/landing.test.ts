import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { jwtPayload, postJson, TEST_SECRET, serverForBlock } from './helpers.ts';

describe('POST /api/landing/signup', () => {
  const server = serverForBlock();

  const signupBody = (overrides: Record<string, unknown> = {}) => ({
    email: 'june@example.com',
    captchaToken: 'local:landing_signup',
    referral: 'demo',
    ...overrides,
  });

  it('stores the signup and returns a signed 30-minute action token carrying email and referral', async () => {
    const response = await postJson<{ actionToken: string }>(
      server,
      '/api/landing/signup',
      signupBody(),
    );
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['actionToken']);

    const { payload, protectedHeader } = await jwtVerify(
      response.body.actionToken,
      new TextEncoder().encode(TEST_SECRET),
      { currentDate: new Date(server.clock.now) },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ email: 'june@example.com', referral: 'demo' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 60);

    const rows = await server.rows('SELECT email, partner_id FROM signups');
    expect(rows).toEqual([{ email: 'june@example.com', partner_id: 'demo' }]);
  });

  it('accepts every configured partner id as referral', async () => {
    for (const referral of ['default', 'demo', 'cor-freedom', 'lowes']) {
      const response = await postJson<{ actionToken: string }>(
        server,
        '/api/landing/signup',
        signupBody({ referral }),
      );
      expect(response.status).toBe(200);
      expect(jwtPayload(response.body.actionToken).referral).toBe(referral);
    }
  });

  it.each([
    ['not-an-email'],
    ['a@b'],
    ['two@@example.com'],
    [''],
    ['spaces in@example.com'],
    [`${'x'.repeat(250)}@example.com`],
  ])('refuses the email %j with 400 invalid_email', async (email) => {
    const response = await postJson(server, '/api/landing/signup', signupBody({ email }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_email', message: expect.any(String) });
  });

  it('treats a missing email as invalid_email', async () => {
    const response = await postJson(server, '/api/landing/signup', {
      captchaToken: 'local:landing_signup',
      referral: 'demo',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_email');
  });

  it.each([['local:landing_complete'], ['garbage'], ['local:landing_signup '], ['']])(
    'refuses the bot-check token %j with 403 captcha_error',
    async (captchaToken) => {
      const response = await postJson(server, '/api/landing/signup', signupBody({ captchaToken }));
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'captcha_error', message: expect.any(String) });
    },
  );

  it('refuses an unknown referral with 400 unknown_referral and stores nothing', async () => {
    const before = (await server.row('SELECT COUNT(*) AS n FROM signups')) as { n: number };
    const response = await postJson(
      server,
      '/api/landing/signup',
      signupBody({ referral: 'acme' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'unknown_referral', message: expect.any(String) });
    const after = (await server.row('SELECT COUNT(*) AS n FROM signups')) as { n: number };
    expect(after.n).toBe(before.n);
  });

  it('answers malformed requests with the error shape', async () => {
    const missing = await postJson(server, '/api/landing/signup', { email: 'june@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'invalid_request', message: expect.any(String) });

    const broken = await fetch(`${server.baseUrl}/api/landing/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'invalid_json', message: expect.any(String) });
  });
});

describe('GET /api/health and unknown API paths', () => {
  const server = serverForBlock();

  it('answers health with ok:true and the database up', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: 'up' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${server.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found', message: expect.any(String) });
  });
});
