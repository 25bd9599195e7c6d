import { describe, expect, it } from 'vitest';
import {
  advertisingAllowed,
  analyticsAllowed,
  formatConsent,
  parseConsent,
} from '../../../src/config/consentRule.ts';
import { purchaseEventId } from '../../../src/config/purchaseEvent.ts';
import {
  gaClientIdOf,
  readSignals,
  signalsFromRequest,
} from '../../../server/conversions/signals.ts';

/*
 * The one rule of what a visitor's choice allows (docs/measurement.md, "Under which choice"),
 * shared by the browser's tags and the server's conversions, and the signals a signup keeps.
 */
const granted = parseConsent('v1.g.g');
const adsRefused = parseConsent('v1.g.d');
const allRefused = parseConsent('v1.d.d');

describe('the consent cookie', () => {
  it('reads v1.<analytics>.<ads> and nothing else', () => {
    expect(parseConsent('v1.g.d')).toEqual({ analytics: 'granted', ads: 'denied' });
    expect(parseConsent(' v1.d.g ')).toEqual({ analytics: 'denied', ads: 'granted' });
    for (const other of [undefined, null, '', 'v1.g', 'v2.g.g', 'v1.y.n', 'v1.g.g.g', 'V1.G.G'])
      expect(parseConsent(other), String(other)).toBeUndefined();
    expect(formatConsent({ analytics: 'denied', ads: 'granted' })).toBe('v1.d.g');
  });
});

describe('what a choice allows', () => {
  it('a partner that asks: advertising and analytics only once accepted', () => {
    const ask = (choice: typeof granted, gpc = false) => ({ askConsent: true, choice, gpc });
    expect(advertisingAllowed(ask(undefined))).toBe(false);
    expect(analyticsAllowed(ask(undefined))).toBe(false);
    expect(advertisingAllowed(ask(granted))).toBe(true);
    expect(advertisingAllowed(ask(adsRefused))).toBe(false);
    expect(analyticsAllowed(ask(adsRefused))).toBe(true);
    expect(advertisingAllowed(ask(granted, true))).toBe(false);
  });

  it('a partner that does not ask: allowed unless refused; Global Privacy Control refuses advertising', () => {
    const optOut = (choice: typeof granted, gpc = false) => ({ askConsent: false, choice, gpc });
    expect(advertisingAllowed(optOut(undefined))).toBe(true);
    expect(analyticsAllowed(optOut(undefined))).toBe(true);
    expect(advertisingAllowed(optOut(adsRefused))).toBe(false);
    expect(analyticsAllowed(optOut(allRefused))).toBe(false);
    expect(advertisingAllowed(optOut(undefined, true))).toBe(false);
    expect(advertisingAllowed(optOut(granted, true))).toBe(false);
    expect(analyticsAllowed(optOut(undefined, true))).toBe(true);
  });

  it('names a purchase as the browser and the server both do', () => {
    expect(purchaseEventId('3f1c')).toBe('purchase-3f1c');
  });
});

describe('the signals a signup keeps', () => {
  const cookie =
    '_ga=GA1.1.1234567890.1764300000; _fbp=fb.1.1764300000000.987654321; _fbc=fb.1.1764300000000.IwAR0click';

  it("reads GA's client id from _ga", () => {
    expect(gaClientIdOf('GA1.1.1234567890.1764300000')).toBe('1234567890.1764300000');
    expect(gaClientIdOf('GA1.2.55.66')).toBe('55.66');
    for (const bad of [undefined, '', 'GA1.1.abc.123', '1234.5678', 'GA1.1.1.2.3'])
      expect(gaClientIdOf(bad), String(bad)).toBeUndefined();
  });

  it('keeps the ids only when advertising is allowed, and only well-formed ones', () => {
    const userAgent = 'Mozilla/5.0 (X11)\u0000\u202e';
    expect(signalsFromRequest({ cookie, gpc: undefined, userAgent: 'curl/8.5.0' }, false)).toEqual({
      consent: null,
      gpc: false,
    });
    expect(signalsFromRequest({ cookie, gpc: undefined, userAgent }, false)).toEqual({
      consent: null,
      gpc: false,
      gaClientId: '1234567890.1764300000',
      fbp: 'fb.1.1764300000000.987654321',
      fbc: 'fb.1.1764300000000.IwAR0click',
      userAgent: 'Mozilla/5.0 (X11)',
    });
    expect(signalsFromRequest({ cookie, gpc: '1', userAgent }, false)).toEqual({
      consent: null,
      gpc: true,
    });
    expect(
      signalsFromRequest(
        { cookie: `${cookie}; hs_consent=v1.g.d`, gpc: undefined, userAgent },
        false,
      ),
    ).toEqual({ consent: 'v1.g.d', gpc: false });
    expect(signalsFromRequest({ cookie, gpc: undefined, userAgent }, true)).toEqual({
      consent: null,
      gpc: false,
    });
    expect(
      signalsFromRequest(
        {
          cookie: '_fbp=<script>; _fbc=fb.1.1.x; _ga=x'.padEnd(5000, 'x'),
          gpc: '0',
          userAgent: undefined,
        },
        false,
      ),
    ).toEqual({ consent: null, gpc: false });
  });

  it('reads stored signals back field by field', () => {
    expect(readSignals('{"consent":"v1.g.g","gpc":false,"gaClientId":"1.2","fbp":"nope"}')).toEqual(
      {
        consent: 'v1.g.g',
        gpc: false,
        gaClientId: '1.2',
      },
    );
    expect(readSignals('not json')).toBeUndefined();
    expect(readSignals(null)).toBeUndefined();
    expect(readSignals('{"gpc":"yes","consent":"v9"}')).toEqual({ consent: null, gpc: false });
  });
});
