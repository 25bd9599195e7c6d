import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { createTestPayments, testSessionId } from './testPayments.ts';

/** A fetch answering every call with `status` and `body`, recording what was asked. */
function answering(status: number, body: unknown) {
  const asked: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    asked.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { asked, fetchImpl };
}

describe('the test payment provider client', () => {
  it('posts the action to the session and returns where to go', async () => {
    const { asked, fetchImpl } = answering(200, {
      returnUrl: 'http://x/demo/claim-offer/payment-return?orderId=o&t=t',
    });
    const payments = createTestPayments('http://api.test/api/', fetchImpl);
    await expect(payments.act('tps 1', 'decline')).resolves.toEqual({
      returnUrl: 'http://x/demo/claim-offer/payment-return?orderId=o&t=t',
    });
    expect(asked).toEqual(['POST http://api.test/api/test-payments/tps%201/decline']);
  });

  it("turns the server's refusal into the contract's error code, for the visitor's sentence", async () => {
    const { fetchImpl } = answering(409, {
      error: 'order_not_open',
      message: 'This payment is already canceled.',
    });
    const refused = await createTestPayments('http://api.test/api', fetchImpl)
      .act('tps_1', 'pay')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: 'order_not_open' });
  });

  it('reads the session id only from a test client secret', () => {
    expect(testSessionId('test_secret_tps_1')).toBe('tps_1');
    expect(testSessionId('cs_live_1')).toBeUndefined();
  });
});
