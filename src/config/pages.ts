import type { Page, PartnerConfig } from './generated/partner.ts';

/** A partner's extra campaign pages: every page but landing and claimOffer, each with a slug. */
export function campaignPages(partner: PartnerConfig): (Page & { key: string; slug: string })[] {
  return Object.entries(partner.pages).flatMap(([key, page]) =>
    key !== 'landing' && key !== 'claimOffer' && page.slug
      ? [{ ...page, key, slug: page.slug }]
      : [],
  );
}

export function campaignPageBySlug(
  partner: PartnerConfig,
  slug: string | undefined,
): Page | undefined {
  return slug ? campaignPages(partner).find((page) => page.slug === slug) : undefined;
}
