import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import {
  campaignIdFor,
  claimOfferDefaults,
  claimOfferFor,
} from '../../../src/flows/checkout/offer.ts';
import { loadPartner } from '../forms/partners.ts';

const product = 'HomeSafe Scan';
const fallback = loadPartner('default');
const demo = loadPartner('demo');
const corFreedom = loadPartner('cor-freedom');

const withOffer = (offer: PartnerConfig['claimOffer']): PartnerConfig => ({
  ...demo,
  claimOffer: offer,
});

describe('claimOfferFor', () => {
  it('uses the spec §2 defaults for everything a partner leaves out', () => {
    expect(claimOfferFor(withOffer(undefined), product)).toEqual({
      headerText: 'Get a Virtual Home Safety Assessment',
      offerBadgeText: 'Exclusive Limited-Time Offer:',
      productTitleHtml: 'Virtual Home Safety Scan',
      priceText: '$75.00',
      disclaimerHtml:
        'By continuing, I acknowledge that this home safety scan is provided solely by HomeSafe Scan.',
      badgeBgColor: undefined,
      layoutBg: undefined,
    });
    expect(claimOfferDefaults.disclaimerHtml('Acme')).toBe(
      'By continuing, I acknowledge that this home safety scan is provided solely by Acme.',
    );
  });

  it('shows the default partner with the defaults plus its own price and colours', () => {
    expect(claimOfferFor(fallback, product)).toEqual({
      headerText: 'Get a Virtual Home Safety Assessment',
      offerBadgeText: 'Exclusive Limited-Time Offer:',
      productTitleHtml: 'Virtual Home Safety Scan',
      priceText: '$75.00',
      disclaimerHtml:
        'By continuing, I acknowledge that this home safety scan is provided solely by HomeSafe Scan.',
      badgeBgColor: '#B5DA9C',
      layoutBg: '#E6F2F3',
    });
  });

  it("takes each of a partner's overrides separately", () => {
    const offer = claimOfferFor(withOffer({ priceText: 'FREE', headerText: 'Hello' }), product);
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
    expect(campaignIdFor(demo, fallback, 'dev')).toBe('demo-dev');
    expect(campaignIdFor(demo, fallback, 'prod')).toBe('demo-prod');
    expect(campaignIdFor(corFreedom, fallback, 'prod')).toBe('cor-freedom-prod');
  });

  it("falls back to the default partner's campaign, per environment", () => {
    expect(campaignIdFor(withOffer({ priceText: '$1' }), fallback, 'dev')).toBe('default-dev');
    expect(campaignIdFor(withOffer({ priceText: '$1' }), fallback, 'prod')).toBe('default-prod');
    expect(campaignIdFor(withOffer(undefined), fallback, 'prod')).toBe('default-prod');
  });

  it('falls back to "default" when neither has one', () => {
    const bare = withOffer(undefined);
    expect(campaignIdFor(bare, bare, 'dev')).toBe('default');
    expect(campaignIdFor(bare, withOffer({ priceText: 'FREE' }), 'prod')).toBe('default');
  });
});
