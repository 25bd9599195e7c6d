/**
 * The reference server's built-in test payment provider (no real charge). Its client secrets read
 * "test_secret_<sessionId>"; the test checkout drives the order with pay, decline or cancel and
 * then goes to the return URL the server hands back, as a real checkout would.
 */
import { readError } from './api.ts';
import type {
  TestPaymentAction,
  TestPaymentActionResponse,
  TestPaymentSession,
} from './generated/api.ts';

// The shapes are the API contract's (schemas/api/test-payment-*.schema.json).
export type { TestPaymentAction, TestPaymentActionResponse, TestPaymentSession };

export interface TestPayments {
  session(sessionId: string): Promise<TestPaymentSession>;
  act(sessionId: string, action: TestPaymentAction): Promise<TestPaymentActionResponse>;
}

const prefix = 'test_secret_';

export function testSessionId(clientSecret: string): string | undefined {
  return clientSecret.startsWith(prefix) ? clientSecret.slice(prefix.length) : undefined;
}

export function createTestPayments(baseUrl: string, fetchImpl: typeof fetch = fetch): TestPayments {
  const base = `${baseUrl.replace(/\/$/, '')}/test-payments`;
  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, init);
    // The server's refusals carry the contract's codes (order_not_open, ...), so the checkout
    // says what happened in the same words as for a real payment.
    if (!response.ok) throw await readError(response);
    return (await response.json()) as T;
  }
  return {
    session: (id) => call(`/${encodeURIComponent(id)}`),
    act: (id, action) => call(`/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  };
}
