import { humanize } from '../schema/schema.ts';
import { pagesOf } from './blocks.ts';
import type { PartnerDraft, SectionDraft } from '../schema/partnerTypes.ts';

/** A block as people name it: "Hero (hero)", its type and its id. */
export const blockLabel = (section: SectionDraft) => `${humanize(section.type)} (${section.id})`;

/** Page keys to people: "landing" is the home page, "claimOffer" the offer page. */
export function pageLabel(key: string, partner: PartnerDraft): string {
  if (key === 'landing') return 'Home page';
  if (key === 'claimOffer') return 'Claim-offer page';
  const slug = pagesOf(partner)[key]?.slug;
  return `Campaign page “${humanize(key)}”${slug ? ` (/${slug})` : ''}`;
}
