import { describe, expect, it } from 'vitest';
import { brotliSize, choosePartnerData, FIRST_FLIGHT_BYTES } from './firstFlight.ts';

/** A page of `words` pseudo-random words (from `seed`) (text brotli cannot shrink to nothing) with `data` in it. */
function page(words: number, data: unknown, seed = 7): string {
  const word = () => {
    seed = (seed * 48271) % 2147483647;
    return seed.toString(36);
  };
  const text = Array.from({ length: words }, word).join(' ');
  return `<html><body><p>${text}</p><script type="application/json">${JSON.stringify(data)}</script></body></html>`;
}

const reference = { href: '/partner-data/acme.json', host: '' };

describe('a page embeds its partner unless that costs a round trip', () => {
  it('embeds the partner when the page still fits the first round trip', () => {
    const partner = { id: 'acme', blocks: ['hero'] };
    const choice = choosePartnerData((data) => page(200, data), { partner }, reference);
    expect(choice.referenced).toBe(false);
    expect(choice.html).toContain('"blocks":["hero"]');
    expect(choice.bytes).toBeGreaterThanOrEqual(brotliSize(choice.html));
    expect(choice.bytes).toBeLessThanOrEqual(FIRST_FLIGHT_BYTES);
  });

  it("names the partner's file when embedding it would push the page past the first round trip", () => {
    // Words that fit on their own (about 12 KB brotli), and a partner that does not fit with them.
    const words = 2900;
    expect(brotliSize(page(words, reference))).toBeLessThan(FIRST_FLIGHT_BYTES);
    const partner = { id: 'acme', copy: page(600, null, 11) };
    const choice = choosePartnerData((data) => page(words, data), { partner }, reference);
    expect(choice.referenced).toBe(true);
    expect(choice.html).toContain('"href":"/partner-data/acme.json"');
    expect(choice.html).not.toContain('"id":"acme"');
    expect(choice.bytes).toBe(brotliSize(choice.html));
  });
});
