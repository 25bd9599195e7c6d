import { describe, expect, it } from 'vitest';
import type { ConsentChoice } from '../../config/consentRule.ts';
import type { PartnerTags } from '../../config/tagRules.ts';
import { consentCookie, readConsent, tagCookieRemovals } from './consentCookie.ts';
import { startMeasurement, type MeasurementPage } from './start.ts';
import type { MeasuredWindow } from './tags.ts';

/*
 * The partner's tags in a page (src/services/measurement/), on a fake page: its window, the
 * scripts added to its head, a cookie jar, the Global Privacy Control signal and the notice's
 * answer, given by hand. Which tags load under which choice, Consent Mode's commands and their
 * order, the cookie, and the purchase handed to the Meta pixel once.
 */
const ALL: PartnerTags = {
  googleTagId: 'G-ABCDE12345',
  tagManagerId: 'GTM-ABC1234',
  metaPixelId: '123456789012345',
};

const GTAG = 'https://www.googletagmanager.com/gtag/js?id=G-ABCDE12345';
const GTM = 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234';
const PIXEL = 'https://connect.facebook.net/en_US/fbevents.js';

function fakePage(options: { cookie?: string; gpc?: boolean } = {}) {
  const win: MeasuredWindow = {};
  const scripts: string[] = [];
  const jar = new Map<string, string>();
  const written: string[] = [];
  for (const part of (options.cookie ?? '').split(';').filter(Boolean)) {
    const [name, value] = part.trim().split('=');
    jar.set(name ?? '', value ?? '');
  }
  let answer: ((choice: ConsentChoice) => void) | undefined;
  const page: MeasurementPage = {
    win,
    doc: {
      createElement: () => ({ async: false, src: '' }),
      head: { appendChild: (node: never) => void scripts.push((node as { src: string }).src) },
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        written.push(line);
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (attributes.some((attribute) => attribute.trim() === 'Max-Age=0')) jar.delete(name);
        else jar.set(name, value);
      },
    },
    gpc: options.gpc ?? false,
    hostname: 'www.partner.example',
    secure: true,
    language: 'en',
    wire: (onChoice) => {
      answer = onChoice;
    },
  };
  const choose = (answerOf: 'granted' | 'denied') => {
    if (!answer) throw new Error('the notice was not wired');
    answer({ analytics: answerOf, ads: answerOf });
  };
  return { page, win, scripts, jar, written, choose };
}

/** gtag's commands (Arguments objects) in the dataLayer, as arrays, and the other pushes as they are. */
const layer = (win: MeasuredWindow) =>
  (win.dataLayer ?? []).map((item) =>
    Object.prototype.toString.call(item) === '[object Arguments]'
      ? Array.from(item as ArrayLike<unknown>)
      : item,
  );

const consentCommands = (win: MeasuredWindow) =>
  layer(win).filter((item) => Array.isArray(item) && item[0] === 'consent');

const fbqCalls = (win: MeasuredWindow) => (win.fbq?.queue ?? []) as unknown[][];

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};
const GRANTED = {
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
};

describe('a partner that asks first (askConsent)', () => {
  it('sets Consent Mode defaults and loads nothing until the visitor accepts, then only its own tags', () => {
    const { page, win, scripts, jar, written, choose } = fakePage();
    startMeasurement({ name: 'Acme', askConsent: true }, ALL, page);
    expect(scripts).toEqual([]);
    expect(win.fbq).toBeUndefined();
    expect(layer(win)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['set', 'ads_data_redaction', true],
    ]);

    choose('granted');
    expect(written).toEqual(['hs_consent=v1.g.g; Path=/; Max-Age=15552000; SameSite=Lax; Secure']);
    expect(jar.get('hs_consent')).toBe('v1.g.g');
    expect(consentCommands(win)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', GRANTED],
    ]);
    expect(scripts).toEqual([GTM, GTAG, PIXEL]);
    // The defaults came before any tag's first command.
    const items = layer(win);
    const defaults = items.findIndex((item) => Array.isArray(item) && item[1] === 'default');
    const gtmStart = items.findIndex(
      (item) => !Array.isArray(item) && (item as { event?: string }).event === 'gtm.js',
    );
    const config = items.findIndex((item) => Array.isArray(item) && item[0] === 'config');
    expect(defaults).toBe(0);
    expect(gtmStart).toBeGreaterThan(defaults);
    expect(config).toBeGreaterThan(defaults);
    expect(fbqCalls(win)).toEqual([
      ['consent', 'grant'],
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ]);
  });

  it('loads nothing on a refusal, and remembers it', () => {
    const { page, win, scripts, jar, choose } = fakePage();
    startMeasurement({ name: 'Acme', askConsent: true }, ALL, page);
    choose('denied');
    expect(jar.get('hs_consent')).toBe('v1.d.d');
    expect(scripts).toEqual([]);
    expect(consentCommands(win).at(-1)).toEqual(['consent', 'update', DENIED]);
  });

  it('follows a remembered choice without asking', () => {
    const accepted = fakePage({ cookie: 'other=1; hs_consent=v1.g.g' });
    startMeasurement({ name: 'Acme', askConsent: true }, ALL, accepted.page);
    expect(accepted.scripts).toEqual([GTM, GTAG, PIXEL]);
    const refused = fakePage({ cookie: 'hs_consent=v1.d.d' });
    startMeasurement({ name: 'Acme', askConsent: true }, ALL, refused.page);
    expect(refused.scripts).toEqual([]);
  });

  it('with Global Privacy Control, an acceptance loads Google with advertising denied and never the pixel', () => {
    const { page, win, scripts, choose } = fakePage({ gpc: true });
    startMeasurement({ name: 'Acme', askConsent: true }, ALL, page);
    choose('granted');
    expect(scripts).toEqual([GTM, GTAG]);
    expect(win.fbq).toBeUndefined();
    expect(consentCommands(win).at(-1)).toEqual([
      'consent',
      'update',
      { ...DENIED, analytics_storage: 'granted' },
    ]);
  });

  it('on a change of mind stops the pixel and removes the tags’ own cookies', () => {
    const { page, win, jar, choose } = fakePage();
    startMeasurement({ name: 'Acme', askConsent: true }, ALL, page);
    choose('granted');
    jar.set('_ga', 'GA1.1.1');
    jar.set('_ga_ABCDE12345', 'GS1');
    jar.set('_fbp', 'fb.1.2');
    jar.set('hs_attr', 'kept');
    choose('denied');
    expect(fbqCalls(win).at(-1)).toEqual(['consent', 'revoke']);
    expect(consentCommands(win).at(-1)).toEqual(['consent', 'update', DENIED]);
    expect([...jar.keys()].sort()).toEqual(['hs_attr', 'hs_consent']);
  });
});

describe('a partner that does not ask (the opt-out model)', () => {
  it('loads its tags at once, Consent Mode granted', () => {
    const { page, win, scripts } = fakePage();
    startMeasurement({ name: 'Acme', askConsent: false }, ALL, page);
    expect(scripts).toEqual([GTM, GTAG, PIXEL]);
    expect(consentCommands(win)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', GRANTED],
    ]);
  });

  it('treats Global Privacy Control as a refusal of advertising, without asking', () => {
    const { page, win, scripts, jar } = fakePage({ gpc: true, cookie: '_ga=GA1.1; _fbp=fb.1.2' });
    startMeasurement({ name: 'Acme', askConsent: false }, ALL, page);
    expect(scripts).toEqual([GTM, GTAG]);
    // The pixel's cookie from before goes; the analytics one stays.
    expect([...jar.keys()]).toEqual(['_ga']);
    expect(win.fbq).toBeUndefined();
    expect(consentCommands(win).at(-1)).toEqual([
      'consent',
      'update',
      { ...DENIED, analytics_storage: 'granted' },
    ]);
  });

  it('loads only the tags the partner has', () => {
    const { page, scripts } = fakePage();
    startMeasurement({ name: 'Acme', askConsent: false }, { metaPixelId: '123456789012345' }, page);
    expect(scripts).toEqual([PIXEL]);
    const none = fakePage();
    startMeasurement({ name: 'Acme', askConsent: false }, {}, none.page);
    expect(none.scripts).toEqual([]);
    expect(none.win.dataLayer).toBeUndefined();
  });
});

describe('the journey’s events reach the loaded tags', () => {
  const purchase = {
    event: 'purchase',
    transaction_id: 'ord_1',
    event_id: 'purchase-ord_1',
    value: 75,
    currency: 'usd',
  };

  it('hands a purchase to the pixel once, with the event id the server sends too', () => {
    const { page, win } = fakePage();
    // Pushed before the tags loaded (the return page), and again after (a second push).
    win.dataLayer = [{ ...purchase }];
    startMeasurement({ name: 'Acme', askConsent: false }, ALL, page);
    win.dataLayer.push({ ...purchase });
    win.dataLayer.push({ event: 'account_signup', client_id: 'acme' });
    const purchases = fbqCalls(win).filter((call) => call[1] === 'Purchase');
    expect(purchases).toEqual([
      ['track', 'Purchase', { value: 75, currency: 'USD' }, { eventID: 'purchase-ord_1' }],
    ]);
    const gaEvents = layer(win).filter((item) => Array.isArray(item) && item[0] === 'event');
    expect(gaEvents).toEqual([
      [
        'event',
        'purchase',
        { transaction_id: 'ord_1', event_id: 'purchase-ord_1', value: 75, currency: 'usd' },
      ],
      [
        'event',
        'purchase',
        { transaction_id: 'ord_1', event_id: 'purchase-ord_1', value: 75, currency: 'usd' },
      ],
      ['event', 'account_signup', { client_id: 'acme' }],
    ]);
  });

  it("sends the journey's report_purchase to Meta, worth the partner's offer, and to GA4 as its purchase", () => {
    const { page, win } = fakePage();
    const acme = { name: 'Acme', askConsent: false, offer: { value: 75, currency: 'USD' } };
    startMeasurement(acme, ALL, page);
    // The return page's push (src/pages/PaymentReturn): the order id and the server's event id.
    const reported = {
      event: 'report_purchase',
      client_id: 'acme',
      transaction_id: 'ord_3',
      event_id: 'purchase-ord_3',
    };
    win.dataLayer?.push(reported);
    // Without an event id (a page before the ids), no purchase reaches Meta.
    win.dataLayer?.push({ event: 'report_purchase', client_id: 'acme' });
    expect(fbqCalls(win).filter((call) => call[1] === 'Purchase')).toEqual([
      ['track', 'Purchase', { value: 75, currency: 'USD' }, { eventID: 'purchase-ord_3' }],
    ]);
    const gaEvents = layer(win).filter((item) => Array.isArray(item) && item[0] === 'event');
    expect(gaEvents).toEqual([
      [
        'event',
        'report_purchase',
        { client_id: 'acme', transaction_id: 'ord_3', event_id: 'purchase-ord_3' },
      ],
      ['event', 'purchase', { transaction_id: 'ord_3', value: 75, currency: 'USD' }],
      ['event', 'report_purchase', { client_id: 'acme' }],
    ]);
  });

  it('reads the GA4 ecommerce form too, and sends nothing to Meta without advertising consent', () => {
    const { page, win } = fakePage({ gpc: true });
    startMeasurement({ name: 'Acme', askConsent: false }, ALL, page);
    win.dataLayer?.push({
      event: 'purchase',
      ecommerce: { transaction_id: 'ord_2', value: 0, currency: 'USD' },
      event_id: 'purchase-ord_2',
    });
    expect(win.fbq).toBeUndefined();
    const allowed = fakePage();
    startMeasurement({ name: 'Acme', askConsent: false }, ALL, allowed.page);
    allowed.win.dataLayer?.push({
      event: 'purchase',
      ecommerce: { transaction_id: 'ord_2', value: 0, currency: 'USD' },
      event_id: 'purchase-ord_2',
    });
    expect(fbqCalls(allowed.win).at(-1)).toEqual([
      'track',
      'Purchase',
      { value: 0, currency: 'USD' },
      { eventID: 'purchase-ord_2' },
    ]);
  });
});

describe('the hs_consent cookie', () => {
  it('reads v1 values only', () => {
    expect(readConsent('a=1; hs_consent=v1.g.d')).toEqual({ analytics: 'granted', ads: 'denied' });
    expect(readConsent('hs_consent=v2.g.g')).toBeUndefined();
    expect(readConsent('')).toBeUndefined();
  });

  it('is written first party, for every path, Lax, about 6 months, Secure over https', () => {
    expect(consentCookie({ analytics: 'denied', ads: 'denied' }, false)).toBe(
      'hs_consent=v1.d.d; Path=/; Max-Age=15552000; SameSite=Lax',
    );
  });

  it("removes the tags' cookies of each refused use, on this host and its parent domains", () => {
    expect(
      tagCookieRemovals('_ga=1; _gcl_au=2; _fbp=3', 'acme.example', {
        analytics: false,
        ads: true,
      }),
    ).toEqual([
      '_gcl_au=; Path=/; Max-Age=0',
      '_gcl_au=; Path=/; Max-Age=0; Domain=.acme.example',
      '_fbp=; Path=/; Max-Age=0',
      '_fbp=; Path=/; Max-Age=0; Domain=.acme.example',
    ]);
    const both = { analytics: true, ads: true };
    expect(tagCookieRemovals('_ga=1; hs_attr=2; _fbc=3', 'www.acme.example', both)).toEqual([
      '_ga=; Path=/; Max-Age=0',
      '_ga=; Path=/; Max-Age=0; Domain=.www.acme.example',
      '_ga=; Path=/; Max-Age=0; Domain=.acme.example',
      '_fbc=; Path=/; Max-Age=0',
      '_fbc=; Path=/; Max-Age=0; Domain=.www.acme.example',
      '_fbc=; Path=/; Max-Age=0; Domain=.acme.example',
    ]);
  });
});
