import { afterEach, describe, expect, it, vi } from 'vitest';
import { partnerDataScriptId } from '../../partner/browserCatalog.ts';
import {
  ATTRIBUTION_COOKIE,
  attributionCookie,
  outsideHost,
  readAttribution,
  recordThisVisit,
  recordVisit,
  signupAttribution,
  type CookieJar,
  type PageView,
} from './visit.ts';
import { cleanAttribution, cleanText, MAX_ATTRIBUTION_BYTES, type Attribution } from './rules.ts';

/**
 * The browser's attribution module (src/services/attribution/visit.ts) with a fake cookie jar,
 * address and referrer: first and last touch, the referrer's host only, the bounds.
 */
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 2, 9, 30);

/** document.cookie for one site: each write sets the cookie its line names (attributes dropped). */
function fakeJar(): CookieJar & { lines: string[] } {
  const cookies = new Map<string, string>([['other', 'x']]);
  const lines: string[] = [];
  return {
    lines,
    read: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    write(line) {
      lines.push(line);
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
}

const view = (href: string, referrer = '', now = T0, extra: Partial<PageView> = {}): PageView => ({
  href: `https://scan.example.test${href}`,
  referrer,
  now,
  ...extra,
});

const stored = (jar: CookieJar, now = T0): Attribution | undefined =>
  readAttribution(jar.read(), now);

describe('first and last touch', () => {
  it('records the first page view of a visit as both, with its campaign, click id, page and time', () => {
    const jar = fakeJar();
    recordVisit(
      view(
        '/showcase?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=abc&email=a@b.example',
        '',
        T0,
        {
          pageVersion: 'landing:fewer-falls',
        },
      ),
      jar,
    );
    const touch = {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      gclid: 'abc',
      landingPage: '/showcase',
      pageVersion: 'landing:fewer-falls',
      at: new Date(T0).toISOString(),
    };
    expect(stored(jar)).toEqual({ first: touch, last: touch });
    expect(jar.lines).toHaveLength(1);
    expect(jar.lines[0]).toMatch(
      new RegExp(`^${ATTRIBUTION_COOKIE}=[^;]+; Path=/; Max-Age=7776000; SameSite=Lax; Secure$`),
    );
    // No address, no other parameter (an email address in the link) reaches the cookie.
    expect(decodeURIComponent(jar.lines[0] ?? '')).not.toContain('a@b.example');
  });

  it('keeps the first touch and replaces the last with a later campaign or outside page only', () => {
    const jar = fakeJar();
    recordVisit(view('/demo?utm_source=google&utm_medium=cpc&utm_campaign=brand'), jar);
    const first = stored(jar)?.first;
    // Direct visits (typed, a bookmark), pages of ours and reloads change nothing.
    recordVisit(view('/demo', '', T0 + DAY), jar);
    recordVisit(view('/demo/claim-offer', 'https://scan.example.test/demo', T0 + DAY), jar);
    recordVisit(
      view('/demo?utm_source=facebook', 'https://l.facebook.com/', T0 + DAY, {
        navigationType: 'reload',
      }),
      jar,
    );
    recordVisit(view('/demo', 'https://checkout.stripe.com/c/pay/cs_test', T0 + DAY), jar);
    expect(jar.lines).toHaveLength(1);

    recordVisit(view('/demo?utm_source=newsletter&utm_campaign=spring', '', T0 + 2 * DAY), jar);
    expect(stored(jar, T0 + 2 * DAY)).toEqual({
      first,
      last: {
        utm_source: 'newsletter',
        utm_campaign: 'spring',
        landingPage: '/demo',
        at: new Date(T0 + 2 * DAY).toISOString(),
      },
    });
    recordVisit(view('/demo', 'https://www.google.com/search?q=home+safety', T0 + 3 * DAY), jar);
    expect(stored(jar, T0 + 3 * DAY)).toEqual({
      first,
      last: {
        referrerHost: 'www.google.com',
        landingPage: '/demo',
        at: new Date(T0 + 3 * DAY).toISOString(),
      },
    });
  });

  it('starts again from a cookie it cannot read', () => {
    const jar = fakeJar();
    jar.write(`${ATTRIBUTION_COOKIE}=%7Bnot json`);
    recordVisit(view('/demo'), jar);
    expect(stored(jar)).toEqual({
      first: { landingPage: '/demo', at: new Date(T0).toISOString() },
      last: { landingPage: '/demo', at: new Date(T0).toISOString() },
    });
  });
});

describe('the referrer', () => {
  it('is its host only, never the address, and never our own pages or the payment page', () => {
    expect(outsideHost('https://Mail.Example.org/inbox/123?x=secret#y', 'scan.example.test')).toBe(
      'mail.example.org',
    );
    expect(outsideHost('https://scan.example.test/demo', 'scan.example.test')).toBeUndefined();
    expect(outsideHost('https://checkout.stripe.com/pay', 'scan.example.test')).toBeUndefined();
    expect(outsideHost('', 'scan.example.test')).toBeUndefined();
    expect(outsideHost('not a url', 'scan.example.test')).toBeUndefined();
  });
});

describe('bounds', () => {
  it('cleans markup, controls and invisible marks, and cuts each value', () => {
    expect(cleanText('<b>Spring</b>\u202e\u200b sale\r\nnow<script', 100)).toBe('Spring sale now');
    expect(cleanText('é'.repeat(150), 100)).toBe('é'.repeat(100));
    const jar = fakeJar();
    // 80 words once the tags go: cut at 100 characters (and the space that ended them).
    recordVisit(view(`/demo?utm_campaign=${encodeURIComponent('<i>x</i>'.repeat(80))}`), jar);
    expect(stored(jar)?.first?.utm_campaign).toBe(Array(50).fill('x').join(' '));
  });

  it('keeps the whole cookie within 1.5 KB, dropping the least telling fields first', () => {
    const long = 'a'.repeat(300);
    const query = [
      'utm_source=newsletter',
      'utm_campaign=spring',
      ...['utm_term', 'utm_content', 'gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'].map(
        (name) => `${name}=${long}`,
      ),
    ].join('&');
    const jar = fakeJar();
    recordVisit(view(`/demo?${query}`, 'https://news.example.org/'), jar);
    const line = jar.lines[0] ?? '';
    expect(line.split(';')[0]?.length).toBeLessThanOrEqual(MAX_ATTRIBUTION_BYTES);
    const kept = stored(jar);
    expect(kept?.last).toMatchObject({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      referrerHost: 'news.example.org',
      gclid: 'a'.repeat(200),
    });
    expect(kept?.first).not.toHaveProperty('utm_content');
    expect(kept?.last).not.toHaveProperty('utm_content');
  });

  it('is not Secure on a plain http address (a local npm start)', () => {
    expect(attributionCookie({ first: { utm_source: 'x' } }, false)).toMatch(/SameSite=Lax$/);
  });

  it('takes nothing from a cookie but the known fields, cleaned', () => {
    expect(
      cleanAttribution({
        first: { utm_source: 'a<b>b</b>', email: 'someone@example.com', gclid: 42 },
        last: 'nonsense',
      }),
    ).toEqual({ first: { utm_source: 'a b' } });
    expect(cleanAttribution({ first: { referrerHost: 'https://x.example/path' } })).toBeUndefined();
    expect(cleanAttribution([])).toBeUndefined();
  });
});

describe('on a page', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A prerendered page's document, address and navigation, as the module reads them. */
  function fakePage(partnerData: string, cookie: { get(): string; set(line: string): void }) {
    class NavigationTiming {
      type = 'navigate';
    }
    vi.stubGlobal('PerformanceNavigationTiming', NavigationTiming);
    vi.stubGlobal('performance', { getEntriesByType: () => [new NavigationTiming()] });
    vi.stubGlobal('location', { href: 'https://scan.example.test/showcase?utm_source=charity' });
    const doc = {
      referrer: 'https://news.example.org/story',
      getElementById: (id: string) =>
        id === partnerDataScriptId ? { textContent: partnerData } : null,
    };
    Object.defineProperty(doc, 'cookie', { get: cookie.get, set: cookie.set });
    vi.stubGlobal('document', doc);
  }

  it('records the page it is on, with the version the page says it is', () => {
    const jar = fakeJar();
    fakePage(
      JSON.stringify({
        href: '/partner-data/showcase.json',
        version: { page: 'landing', id: 'fewer-falls' },
      }),
      { get: jar.read, set: jar.write },
    );
    recordThisVisit();
    expect(signupAttribution()?.last).toMatchObject({
      utm_source: 'charity',
      referrerHost: 'news.example.org',
      landingPage: '/showcase',
      pageVersion: 'landing:fewer-falls',
    });
  });

  it('gets in nobody’s way where cookies cannot be used', () => {
    const blocked = () => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    };
    fakePage('{}', { get: blocked, set: blocked });
    expect(() => recordThisVisit()).not.toThrow();
    expect(signupAttribution()).toBeUndefined();
  });
});
