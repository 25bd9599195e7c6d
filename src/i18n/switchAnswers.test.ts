import { describe, expect, it } from 'vitest';
import { takeCarried } from './switchAnswers.ts';

/** A session storage of the test's own. */
function memoryStore() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { items, store: () => storage };
}

const handedOver = (to: string, at: number, answers: Record<string, unknown>) =>
  JSON.stringify({ to, at, answers });

/**
 * Issue 37: the answers a signup form hands over through the language switch (the click side is
 * tests/e2e/journey.test.ts's Spanish journey, in a browser).
 */
describe('takeCarried', () => {
  const now = 1_800_000_000_000;
  const key = 'homesafe.switchAnswers.get-the-scan';

  it('gives the answers to the same form on the page they were for, once', () => {
    const { items, store } = memoryStore();
    items.set(
      key,
      handedOver('/lowes/es', now - 5_000, { email: 'a@example.com', describeHome: 'resident' }),
    );
    expect(takeCarried('get-the-scan', '/lowes/es/', store, now)).toEqual({
      email: 'a@example.com',
      describeHome: 'resident',
    });
    expect(takeCarried('get-the-scan', '/lowes/es', store, now)).toBeUndefined();
  });

  it('fills in nothing on another page, for another form, or long after', () => {
    const { items, store } = memoryStore();
    items.set(key, handedOver('/lowes/es', now, { email: 'a@example.com' }));
    expect(takeCarried('claim-signup', '/lowes/es', store, now)).toBeUndefined();
    expect(takeCarried('get-the-scan', '/demo/es', store, now)).toBeUndefined();
    // Read means removed, whatever the page: a stale handover never fills a later visit.
    expect(items.has(key)).toBe(false);
    items.set(key, handedOver('/lowes/es', now - 11 * 60_000, { email: 'a@example.com' }));
    expect(takeCarried('get-the-scan', '/lowes/es', store, now)).toBeUndefined();
    items.set(key, '{not json');
    expect(takeCarried('get-the-scan', '/lowes/es', store, now)).toBeUndefined();
  });
});
