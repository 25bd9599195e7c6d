import type { PartnerConfig } from '../../config/generated/partner.ts';

/** Spec §2 claim-offer defaults, overridden by the partner's claimOffer block. */
export const claimOfferDefaults = {
  headerText: 'Get a Virtual Home Safety Assessment',
  offerBadgeText: 'Exclusive Limited-Time Offer:',
  productTitleHtml: 'Virtual Home Safety Scan',
  priceText: '$75.00',
  disclaimerHtml: (product: string) =>
    `By continuing, I acknowledge that this home safety scan is provided solely by ${product}.`,
} as const;

export interface ClaimOffer {
  headerText: string;
  offerBadgeText: string;
  productTitleHtml: string;
  priceText: string;
  disclaimerHtml: string;
  badgeBgColor: string | undefined;
  layoutBg: string | undefined;
}

export function claimOfferFor(partner: PartnerConfig, product: string): ClaimOffer {
  const offer = partner.claimOffer ?? {};
  return {
    headerText: offer.headerText ?? claimOfferDefaults.headerText,
    offerBadgeText: offer.offerBadgeText ?? claimOfferDefaults.offerBadgeText,
    productTitleHtml: offer.productTitleHtml ?? claimOfferDefaults.productTitleHtml,
    priceText: offer.priceText ?? claimOfferDefaults.priceText,
    disclaimerHtml: offer.disclaimerHtml ?? claimOfferDefaults.disclaimerHtml(product),
    badgeBgColor: offer.badgeBgColor,
    layoutBg: offer.layoutBg,
  };
}

export type AppEnvironment = 'dev' | 'prod';

/** The partner's campaign for this environment, else the default partner's, else "default". */
export function campaignIdFor(
  partner: PartnerConfig,
  fallbackPartner: PartnerConfig,
  environment: AppEnvironment,
): string {
  return (
    partner.claimOffer?.campaignId?.[environment] ??
    fallbackPartner.claimOffer?.campaignId?.[environment] ??
    'default'
  );
}
