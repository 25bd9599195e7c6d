import { randomBytes } from 'node:crypto';
import type { PaymentAdapter } from './types.ts';

/**
 * The built-in test payment provider: no money moves. The session lives in the orders table, and
 * the front end's clearly labelled test checkout drives it through /api/test-payments/:sessionId.
 */
export const TEST_CLIENT_SECRET_PREFIX = 'test_secret_';

export function createTestPaymentAdapter(): PaymentAdapter {
  return {
    provider: 'test',
    async createSession() {
      // Unguessable: knowing the session id is what lets a browser pay, decline or cancel it.
      const sessionId = `tps_${randomBytes(16).toString('hex')}`;
      return { sessionId, clientSecret: `${TEST_CLIENT_SECRET_PREFIX}${sessionId}` };
    },
    async getStatus() {
      return undefined;
    },
    parseWebhook: undefined,
  };
}
