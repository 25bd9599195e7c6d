import { blocksOf, withBlocks } from '../blocks/blocks.ts';
import type { PartnerDraft, BlockDraft, VariantDraft } from '../schema/partnerTypes.ts';
import type { Json, JsonObject } from '../schema/schema.ts';
import { changeVariant, experimentOf, pageCopy, withoutOverrides } from './experiments.ts';

/**
 * Pure edits of a variant's blocks: the page's blocks it changes (`overrides`), or its own list
 * (`sections`), and what removing a page's block does to them. Each returns a new partner.
 */

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sets what the variant shows for one of the page's blocks: only the settings that differ from
 * the page's are written, so a setting put back as it was is no longer overridden, and a block
 * with no difference left has no override.
 */
export function setBlockOverride(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
  blockId: string,
  props: JsonObject,
): PartnerDraft {
  const section = blocksOf(partner, pageKey).find((candidate) => candidate.id === blockId);
  if (!section) return partner;
  const changed: JsonObject = Object.fromEntries(
    Object.entries(props).filter(
      ([key, value]) => value !== undefined && !same(value, section.props[key]),
    ),
  );
  return changeVariant(partner, pageKey, index, (variant) =>
    withOverride(partner, pageKey, variant, blockId, changed),
  );
}

/** The variant shows this block as the page does again (also for a block the page lost). */
export function clearBlockOverride(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
  blockId: string,
): PartnerDraft {
  return changeVariant(partner, pageKey, index, (variant) =>
    withOverride(partner, pageKey, variant, blockId, {}),
  );
}

/** The variant with this block's change (none when `changed` is empty). */
function withOverride(
  partner: PartnerDraft,
  pageKey: string,
  variant: VariantDraft,
  blockId: string,
  changed: JsonObject,
): VariantDraft {
  const overrides: NonNullable<VariantDraft['overrides']> = variant.overrides ?? {};
  const others = Object.entries(overrides).filter(([id]) => id !== blockId);
  // Kept in the page's order, whatever order the blocks were changed in.
  const order = blocksOf(partner, pageKey).map((section) => section.id);
  const added: [string, JsonObject][] = Object.keys(changed).length > 0 ? [[blockId, changed]] : [];
  const entries = [...others, ...added].sort(([a], [b]) => rank(order, a) - rank(order, b));
  const rest = withoutOverrides(variant);
  return entries.length > 0 ? { ...rest, overrides: Object.fromEntries(entries) } : rest;
}

const rank = (order: string[], id: string) => {
  const at = order.indexOf(id);
  return at === -1 ? order.length : at;
};

/**
 * What making the variant a full copy would drop: its overrides of blocks the page no longer has
 * (the copy has no place for them).
 */
export function lostInCopy(
  partner: PartnerDraft,
  pageKey: string,
  variant: VariantDraft,
): string[] {
  const ids = new Set(blocksOf(partner, pageKey).map((section) => section.id));
  return Object.keys(variant.overrides ?? {}).filter((id) => !ids.has(id));
}

/**
 * The variant with its own list of blocks instead of overrides: the page's blocks as the variant
 * shows them now. Its id, weight, note and schedule stay. From then on, edits of the page no
 * longer reach the variant.
 */
export function variantAsCopy(partner: PartnerDraft, pageKey: string, index: number): PartnerDraft {
  return changeVariant(partner, pageKey, index, (variant) => ({
    ...withoutOverrides(variant),
    sections: variant.sections ?? pageCopy(partner, pageKey, variant),
  }));
}

/** A variant's own list of blocks, replaced (added to, reordered, a block changed...). */
export function setVariantBlocks(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
  sections: BlockDraft[],
): PartnerDraft {
  return changeVariant(partner, pageKey, index, (variant) =>
    variant.sections ? { ...variant, sections } : undefined,
  );
}

/** A variant with both lists (which the checker refuses) keeps its own blocks only. */
export function dropOverrides(partner: PartnerDraft, pageKey: string, index: number): PartnerDraft {
  return changeVariant(partner, pageKey, index, (variant) =>
    variant.sections ? withoutOverrides(variant) : undefined,
  );
}

/**
 * Removes a block of the page and what in the page's A/B test depends on it (each variant's
 * change of that block), so the file stays whole. Also says which variants lost a change, for the
 * sentence that tells the person (and Undo brings both back).
 */
export function removePageBlock(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
): { partner: PartnerDraft; variantsChanged: string[] } {
  const sections = blocksOf(partner, pageKey);
  const section = sections[index];
  if (!section) return { partner, variantsChanged: [] };
  const variants = experimentOf(partner, pageKey)?.variants ?? [];
  const changed = variants
    .map((variant, at) => ({ variant, at }))
    .filter(({ variant }) => variant.overrides?.[section.id] !== undefined);
  let next = withBlocks(
    partner,
    pageKey,
    sections.filter((_, at) => at !== index),
  );
  for (const { at } of changed) next = clearBlockOverride(next, pageKey, at, section.id);
  return {
    partner: next,
    variantsChanged: changed.flatMap(({ variant }) => (variant.id ? [variant.id] : [])),
  };
}
