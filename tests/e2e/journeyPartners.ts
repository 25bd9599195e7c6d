import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { isFreeOffer } from '../../src/config/offer.ts';
import { readCoverage } from '../../tools/storybook/visualPolicy.ts';

/**
 * The partners whose whole journey the end-to-end tests walk (on both engines, with the keyboard
 * alone, and through every WCAG check of every step): one per kind of offer, a payment and a free
 * claim, taken from the visual coverage set (tests/visual/coverage.json) when it has one of that
 * kind. The journey's pages are the same code for every partner; what a partner's own file
 * changes (its landing page's composition and words, its claim-offer page) is checked for every
 * partner elsewhere: the landing page's reflow, targets, axe and layout in
 * partnerLanding.test.ts, and its pictures in the visual stories. So a new partner adds seconds, not a journey per file.
 */
export function journeyPartners(
  partners: readonly PartnerConfig[],
  coverage: ReadonlySet<string> = readCoverage(),
): PartnerConfig[] {
  const kinds = [true, false].map((free) => {
    const ofKind = partners.filter((partner) => isFreeOffer(partner) === free);
    return ofKind.find((partner) => coverage.has(partner.id)) ?? ofKind[0];
  });
  return kinds.filter((partner): partner is PartnerConfig => partner !== undefined);
}
