import { describe, expect, it } from 'vitest';
import {
  PRODUCTION_TEST_ENV,
  checkoutBody,
  getJson,
  postJson,
  serverForBlock,
  signup,
} from './helpers.ts';

describe('APP_ENV=production', () => {
  const server = serverForBlock({
    env: PRODUCTION_TEST_ENV,
  });

  it('uses the prod campaign id', async () => {
    const response = await postJson<{ orderId: string }>(
      server,
      '/api/stripe/api/create-checkout-session',
      checkoutBody(await signup(server)),
    );
    expect(response.status).toBe(200);
    const row = await server.row(
      'SELECT campaign_id FROM orders WHERE id = ?',
      response.body.orderId,
    );
    expect(row).toEqual({ campaign_id: 'demo-prod' });
  });

  it('sends visitors back only to our own sites', async () => {
    const create = async (referral: string, returnUrl: string) =>
      postJson(
        server,
        '/api/stripe/api/create-checkout-session',
        checkoutBody(await signup(server, 'visitor@example.com', referral), undefined, returnUrl),
      );
    expect((await create('demo', 'https://evil.example/return')).status).toBe(400);
    expect((await create('demo', 'https://scan.example.test/demo/return')).status).toBe(200);
    // The retailer's own host names (partners/lowes.json) are allowed for its orders only.
    expect((await create('lowes', 'https://homesafety.lowes.com/return')).status).toBe(200);
    expect((await create('demo', 'https://homesafety.lowes.com/return')).status).toBe(400);
  });

  it('does not expose the development outbox page', async () => {
    expect((await getJson(server, '/api/dev/outbox')).status).toBe(404);
  });
});
