import { describe, expect, it } from 'vitest';
import {
  createCheckout,
  pollStatus,
  postJson,
  serverForBlock,
  signup,
  testSessionId,
} from './helpers.ts';

/**
 * Issue 13, finding 5: a pay racing a cancel or a decline on the test checkout. Every status
 * change is conditional on the order still being open, so exactly one wins and the other is
 * answered 409; what the visitor is told matches what is stored. (The same races across three
 * instances on one Postgres: instances.test.ts.)
 */
describe('test checkout: pay racing cancel or decline', () => {
  const server = serverForBlock();

  it.each(['cancel', 'decline'] as const)(
    'pay versus %s: one winner, the loser gets 409, the stored status is the winner’s',
    async (other) => {
      const actionToken = await signup(server);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const checkout = await createCheckout(server, actionToken);
        const session = testSessionId(checkout.clientSecret);
        const [pay, rival] = await Promise.all([
          postJson<{ returnUrl: string }>(server, `/api/test-payments/${session}/pay`, {}),
          postJson<{ returnUrl: string }>(server, `/api/test-payments/${session}/${other}`, {}),
        ]);
        expect([pay.status, rival.status].sort()).toEqual([200, 409]);
        const loser = pay.status === 409 ? pay : rival;
        expect(loser.body).toMatchObject({ error: 'order_not_open' });
        const winner = pay.status === 200 ? pay : rival;
        const t = new URL(winner.body.returnUrl).searchParams.get('t') ?? '';
        const status = await pollStatus(server, checkout.orderId, t);
        const expected =
          pay.status === 200 ? 'completed' : other === 'cancel' ? 'canceled' : 'failed';
        expect(status.body.status).toBe(expected);
        expect(status.body.claimToken !== undefined).toBe(expected === 'completed');
        const row = await server.row<{ status: string; report_id: string | null }>(
          'SELECT status, report_id FROM orders WHERE id = ?',
          checkout.orderId,
        );
        expect(row).toEqual({
          status: expected,
          report_id: expected === 'completed' ? expect.any(String) : null,
        });
      }
    },
    30_000,
  );
});
