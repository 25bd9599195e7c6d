import { humanize } from '../schema/schema.ts';
import { pagesOf } from './blocks.ts';
import type { PartnerDraft, BlockDraft } from '../schema/partnerTypes.ts';

/** A kind of block as people name it: "faq" -> "FAQ", "ctaBanner" -> "Call-to-action banner". */
export const blockTypeName = (type: string) =>
  humanize(type)
    .replace(/^Faq\b/, 'FAQ')
    .replace(/^Cta\b/, 'Call-to-action');

/** A block as people name it: "Hero (hero)", its type and its id. */
export const blockLabel = (section: BlockDraft) => `${blockTypeName(section.type)} (${section.id})`;

/** Page keys to people: "landing" is the home page, "claimOffer" the offer page. */
export function pageLabel(key: string, partner: PartnerDraft): string {
  if (key === 'landing') return 'Home page';
  if (key === 'claimOffer') return 'Claim-offer page';
  const slug = pagesOf(partner)[key]?.slug;
  return `Campaign page “${humanize(key)}”${slug ? ` (/${slug})` : ''}`;
}
