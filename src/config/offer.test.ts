import { describe, expect, it } from 'vitest';
import type { OfferProps, Page, PartnerConfig } from './generated/partner.ts';
import { campaignIdFor, claimOfferDefaults, claimOfferFor, offerFor } from './offer.ts';
import { loadPartner } from '../../tests/support/partners.ts';

const product = 'HomeSafe Scan';
const fallback = loadPartner('default');
const demo = loadPartner('demo');
const corFreedom = loadPartner('cor-freedom');

/** demo with these offer-block props (and, optionally, another offer) instead of its own. */
const withOffer = (
  props: OfferProps | undefined,
  offer: Partial<PartnerConfig['offer']> = {},
): PartnerConfig => ({
  ...demo,
  theme: { ...demo.theme, journeyBackground: undefined },
  offer: { priceText: '$75.00', amountCents: 7500, currency: 'usd', ...offer },
  pages: {
    ...demo.pages,
    // An empty list cannot be written in a valid file; the defaults must hold all the same.
    claimOffer: {
      sections: (props ? [{ id: 'offer', type: 'offer', props }] : []) as Page['sections'],
    },
  },
});

describe('offerFor (an offer block anywhere: a campaign page shows its own)', () => {
  it("takes the block's own texts and list, the partner's price and the defaults for the rest", () => {
    const offer = offerFor(
      { headerText: 'Spring offer', includedItems: ['A room-by-room plan', 'Risk scores'] },
      withOffer({ headerText: 'The claim-offer page' }, { priceText: 'FREE', amountCents: 0 }),
      product,
    );
    expect(offer).toMatchObject({
      headerText: 'Spring offer',
      includedItems: ['A room-by-room plan', 'Risk scores'],
      priceText: 'FREE',
      offerBadgeText: claimOfferDefaults.offerBadgeText,
      disclaimerHtml: claimOfferDefaults.disclaimerHtml(product),
    });
  });
});

describe('claimOfferFor', () => {
  /** The spec §2 texts and price of the claim-offer page, for a partner that sets none. */
  const specDefaults = {
    headerText: 'Get a Virtual Home Safety Assessment',
    offerBadgeText: 'Exclusive Limited-Time Offer:',
    productTitleHtml: 'Virtual Home Safety Scan',
    priceText: '$75.00',
    includedItems: [],
    disclaimerHtml:
      'By continuing, I acknowledge that this home safety scan is provided solely by HomeSafe Scan.',
  };

  it('uses the spec §2 defaults for everything a partner leaves out', () => {
    expect(claimOfferFor(withOffer(undefined), product)).toEqual({
      ...specDefaults,
      badgeBgColor: undefined,
      layoutBg: undefined,
    });
    expect(claimOfferDefaults.disclaimerHtml('Acme')).toBe(
      'By continuing, I acknowledge that this home safety scan is provided solely by Acme.',
    );
  });

  it('shows the default partner with the defaults plus its own price and colours', () => {
    expect(claimOfferFor(fallback, product)).toEqual({
      ...specDefaults,
      badgeBgColor: '#B5DA9C',
      layoutBg: '#E6F2F3',
    });
  });

  it("takes each of a partner's overrides separately", () => {
    const offer = claimOfferFor(
      withOffer({ headerText: 'Hello' }, { priceText: 'FREE', amountCents: 0 }),
      product,
    );
    expect(offer.priceText).toBe('FREE');
    expect(offer.headerText).toBe('Hello');
    expect(offer.offerBadgeText).toBe(claimOfferDefaults.offerBadgeText);
    expect(offer.productTitleHtml).toBe(claimOfferDefaults.productTitleHtml);
  });

  it('gives cor-freedom FREE and its own texts (spec §9)', () => {
    const offer = claimOfferFor(corFreedom, product);
    expect(offer.priceText).toBe('FREE');
    expect(offer.headerText).toBe('Your Free Virtual Home Safety Assessment');
    expect(offer.badgeBgColor).toBe('#E9CD94');
  });

  it('gives demo and lowes $75.00', () => {
    expect(claimOfferFor(demo, product).priceText).toBe('$75.00');
    expect(claimOfferFor(loadPartner('lowes'), product).priceText).toBe('$75.00');
  });
});

describe('campaignIdFor', () => {
  it("picks the partner's campaign for the environment", () => {
    expect(campaignIdFor(demo, 'dev')).toBe('demo-dev');
    expect(campaignIdFor(demo, 'prod')).toBe('demo-prod');
    expect(campaignIdFor(corFreedom, 'prod')).toBe('cor-freedom-prod');
  });

  it('says "default" when the partner has none (the server charges its own fallback)', () => {
    expect(campaignIdFor(withOffer(undefined), 'dev')).toBe('default');
    expect(fallback.offer.campaignId?.prod).toBe('default-prod');
  });
});
