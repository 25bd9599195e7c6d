import { describe, expect, it } from 'vitest';
import { clientKey, waitInWords } from '../rateLimit/limits.ts';
import { createMemoryCounterStore } from '../rateLimit/memoryCounterStore.ts';

describe('memory counter store', () => {
  it('counts hits per key in fixed windows aligned to the window length', async () => {
    const store = createMemoryCounterStore();
    expect(await store.hit('a', 60_000, 120_000)).toEqual({ count: 1, resetAtMs: 180_000 });
    expect(await store.hit('a', 60_000, 179_999)).toEqual({ count: 2, resetAtMs: 180_000 });
    expect(await store.hit('b', 60_000, 179_999)).toEqual({ count: 1, resetAtMs: 180_000 });
    // A new window starts from one.
    expect(await store.hit('a', 60_000, 180_000)).toEqual({ count: 1, resetAtMs: 240_000 });
  });

  it('forgets ended windows, so memory follows the clients of the moment', async () => {
    const store = createMemoryCounterStore({ sweepIntervalMs: 1000 });
    for (let client = 0; client < 100; client += 1) await store.hit(`ip-${client}`, 60_000, 0);
    expect(store.size).toBe(100);
    await store.hit('late', 60_000, 61_000);
    expect(store.size).toBe(1);
  });
});

describe('client key', () => {
  it('counts an IPv6 client by its /64, an IPv4 client by its address', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('says how long to wait in words', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(42)).toBe('42 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(1, 'es')).toBe('1 segundo');
    expect(waitInWords(42, 'es')).toBe('42 segundos');
    expect(waitInWords(60, 'es')).toBe('1 minuto');
    expect(waitInWords(61, 'es')).toBe('2 minutos');
  });
});
