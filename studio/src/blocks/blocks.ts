import { isJsonObject } from '../schema/json.ts';
import { withoutLostBlocks } from '../translations/translationEdits.ts';
import { blockSchema, sampleFor, type JsonObject } from '../schema/schema.ts';
import type { BlockType, PageDraft, PartnerDraft, BlockDraft } from '../schema/partnerTypes.ts';

/**
 * Pure edits of a partner's pages: every block operation returns a new partner object, so the
 * editor keeps one immutable draft and each change is one step (and easy to test).
 */
export const pagesOf = (partner: PartnerDraft): PartnerDraft['pages'] => partner.pages;

export function blocksOf(partner: PartnerDraft, pageKey: string): BlockDraft[] {
  return pagesOf(partner)[pageKey]?.sections ?? [];
}

export function withBlocks(
  partner: PartnerDraft,
  pageKey: string,
  sections: BlockDraft[],
): PartnerDraft {
  const pages = pagesOf(partner);
  const page = pages[pageKey] ?? { sections: [] };
  // A removed block's texts in the other languages go with it.
  return withoutLostBlocks({ ...partner, pages: { ...pages, [pageKey]: { ...page, sections } } });
}

/** A section id not yet used on the page: "faq", then "faq-2", "faq-3"... */
export function freeBlockId(sections: readonly BlockDraft[], base: string): string {
  const stem =
    base
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/-\d+$/, '') || 'section';
  const used = new Set(sections.map((section) => section.id));
  if (!used.has(stem)) return stem;
  let n = 2;
  while (used.has(`${stem}-${n}`)) n++;
  return `${stem}-${n}`;
}

export function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * A new block of this type, its required settings filled with placeholders to replace. Its id is
 * free in `taken` (by default the page's blocks; a variant's list passes its own and the page's,
 * so a new block never shares an id, and so a place, with another block of the control).
 */
export function newBlockDraft(
  partner: PartnerDraft,
  pageKey: string,
  type: BlockType,
  taken: readonly BlockDraft[] = blocksOf(partner, pageKey),
): BlockDraft {
  const sample = sampleFor(blockSchema(type), type, {
    picture: partner.branding.logoSrc ?? '/favicon.svg',
    color: partner.theme.tintColor ?? '#FFFFFF',
  });
  const props: JsonObject = isJsonObject(sample) ? sample : {};
  return { id: freeBlockId(taken, type), type, props };
}

/*
 * The same edits on a list of blocks, wherever it is kept (a page's, or a variant's own list):
 * each returns a new list.
 */

/** Adds the block at the end of the list, above the footer when the list ends with one. */
export function withAdded(sections: readonly BlockDraft[], section: BlockDraft): BlockDraft[] {
  const at =
    sections.length > 0 && sections[sections.length - 1]?.type === 'footer'
      ? sections.length - 1
      : sections.length;
  return [...sections.slice(0, at), section, ...sections.slice(at)];
}

/** A deep copy of the block just under it, named with an id free in the list and in `taken`. */
export function withDuplicate(
  sections: readonly BlockDraft[],
  index: number,
  taken: readonly BlockDraft[] = [],
): BlockDraft[] {
  const original = sections[index];
  if (!original) return [...sections];
  const copy: BlockDraft = {
    ...structuredClone(original),
    id: freeBlockId([...sections, ...taken], original.id),
  };
  return [...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)];
}

export const withRemoved = (sections: readonly BlockDraft[], index: number): BlockDraft[] =>
  sections.filter((_, at) => at !== index);

export const withChanged = (
  sections: readonly BlockDraft[],
  index: number,
  change: Partial<BlockDraft>,
): BlockDraft[] =>
  sections.map((section, at) => (at === index ? { ...section, ...change } : section));

/** An extra campaign page, started from the landing page's first block and its footer. */
export function addPage(
  partner: PartnerDraft,
  key: string,
  page: { slug: string; title: string; description: string },
): PartnerDraft {
  const landing = blocksOf(partner, 'landing');
  const sections = [landing[0], landing.find((section) => section.type === 'footer')]
    .filter((section): section is BlockDraft => section !== undefined)
    .map((section) => structuredClone(section));
  return { ...partner, pages: { ...pagesOf(partner), [key]: { ...page, sections } } };
}

/** Removes a campaign page (the home and claim-offer pages always stay). */
export function removePage(partner: PartnerDraft, key: string): PartnerDraft {
  const pages = pagesOf(partner);
  const kept = Object.fromEntries(Object.entries(pages).filter(([k]) => k !== key));
  // Assigned again, the two keep their places in the file (a key keeps its first position).
  return { ...partner, pages: { ...kept, landing: pages.landing, claimOffer: pages.claimOffer } };
}

export function updatePage(
  partner: PartnerDraft,
  key: string,
  change: Partial<PageDraft>,
): PartnerDraft {
  const pages = pagesOf(partner);
  const page = pages[key];
  if (!page) return partner;
  return { ...partner, pages: { ...pages, [key]: { ...page, ...change } } };
}
