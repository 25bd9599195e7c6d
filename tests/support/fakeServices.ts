import type { Analytics, RecordedEvent } from '../../src/services/analytics.ts';
import { memoryAnalytics } from '../../src/services/analytics.ts';
import type { Api } from '../../src/services/api.ts';
import { localBotCheck } from '../../src/services/botCheck.ts';
import type { Services } from '../../src/services/services.tsx';
import type { VisitStorage } from '../../src/services/visitStorage.ts';

/** Services for tests: an API built from the given overrides (others fail loudly), memory sinks. */
export function fakeServices(api: Partial<Api> = {}): Services & {
  analytics: Analytics & { events: RecordedEvent[] };
  stored: Map<string, string>;
} {
  const unexpected = (name: string) => async () => {
    throw new Error(`unexpected API call: ${name}`);
  };
  const stored = new Map<string, string>();
  const storage: VisitStorage = {
    saveDescribeHome: (value) => void stored.set('describeHome', value),
    readDescribeHome: () => stored.get('describeHome'),
    clearDescribeHome: () => void stored.delete('describeHome'),
    saveZipCode: (value) => void stored.set('zipCode', value),
    readZipCode: () => stored.get('zipCode'),
    clearZipCode: () => void stored.delete('zipCode'),
    markPurchaseReported: (orderId) => {
      const key = `reported:${orderId}`;
      if (stored.has(key)) return false;
      stored.set(key, 'yes');
      return true;
    },
  };
  return {
    api: {
      signup: unexpected('signup'),
      createCheckoutSession: unexpected('createCheckoutSession'),
      checkoutStatus: unexpected('checkoutStatus'),
      confirmFreeClaim: unexpected('confirmFreeClaim'),
      complete: unexpected('complete'),
      resendLink: unexpected('resendLink'),
      ...api,
    },
    botCheck: localBotCheck,
    analytics: memoryAnalytics(),
    storage,
    stored,
    testPayments: undefined,
    stripePublishableKey: undefined,
    environment: 'dev',
  };
}
