import { describe, expect, it } from 'vitest';
import { vitalsBody } from './measure.ts';
import { pageViewToMeasure } from './pageView.ts';

/*
 * Which page views the browser measures for the guardrails (src/services/vitals/): only a tested
 * page of a partner whose experiments are on, never a review address or an automated browser;
 * and what it sends (the tag, three values and a count, each within the contract's bounds).
 */
const embedded = (data: unknown) => JSON.stringify(data);
const partner = { id: 'showcase' };
const tested = embedded({
  partner,
  host: '',
  version: { page: 'landing', id: 'fewer-falls' },
  experiments: ['landing', 'claimOffer'],
});

describe('pageViewToMeasure', () => {
  it("tags a tested page's view with the partner, the page and the version shown", () => {
    expect(
      pageViewToMeasure({ embeddedText: tested, search: '?utm_term=kitchen', automated: false }),
    ).toEqual({
      partner: 'showcase',
      page: 'landing',
      version: 'fewer-falls',
    });
    // A long page names its partner's file instead of embedding it.
    const reference = embedded({
      href: '/partner-data/showcase/claimOffer.whats-included.json',
      host: '',
      version: { page: 'claimOffer', id: 'whats-included' },
      experiments: ['landing', 'claimOffer'],
    });
    expect(pageViewToMeasure({ embeddedText: reference, search: '', automated: false })).toEqual({
      partner: 'showcase',
      page: 'claimOffer',
      version: 'whats-included',
    });
  });

  it('measures nothing elsewhere', () => {
    const cases = [
      // A review address, an automated browser (a lab tool), no embedded partner.
      { embeddedText: tested, search: '?variant=fewer-falls', automated: false },
      { embeddedText: tested, search: '', automated: true },
      { embeddedText: null, search: '', automated: false },
      { embeddedText: '{not json', search: '', automated: false },
      // A page without a test.
      { embeddedText: embedded({ partner, host: '' }), search: '', automated: false },
      // A partner whose experiment cookie is off: its pages list no experiment.
      {
        embeddedText: embedded({ partner, host: '', version: { page: 'landing', id: 'control' } }),
        search: '',
        automated: false,
      },
    ];
    for (const context of cases) expect(pageViewToMeasure(context)).toBeUndefined();
  });
});

describe('vitalsBody', () => {
  it('sends the values it has, within the bounds the server accepts, and the error count', () => {
    const tag = { partner: 'showcase', page: 'landing', version: 'control' };
    expect(vitalsBody(tag, { lcp: 1234.5, cls: 0.01 }, 2)).toEqual({
      ...tag,
      lcp: 1234.5,
      cls: 0.01,
      errors: 2,
    });
    expect(vitalsBody(tag, { lcp: 9e9, inp: Number.NaN, cls: -1 }, 5000)).toEqual({
      ...tag,
      lcp: 600_000,
      errors: 1000,
    });
  });
});
