import { CONTROL, DEFAULT_CONTROL_WEIGHT } from '../../../src/config/experiments.ts';
import {
  pagesOf,
  sectionsOf,
  withSections,
  type PageData,
  type Section,
} from '../blocks/blocks.ts';
import type { Json, JsonObject } from '../schema/schema.ts';

/**
 * Pure edits of a page's experiment (the partner file's `pages.<key>.experiment`), like blocks.ts
 * for sections: each returns a new partner. A variant either changes some blocks' settings
 * (`overrides`: it keeps the page's other blocks, and later edits of them, and writes only what
 * differs), or has its own whole list of blocks (`sections`), started as a copy of the page's.
 */
export interface StudioVariant {
  id: string;
  weight: number;
  note?: string;
  schedule?: { start?: string; end?: string };
  sections?: Section[];
  overrides?: Record<string, JsonObject>;
}

export interface StudioExperiment {
  controlWeight?: number;
  variants: StudioVariant[];
}

/** The schema's limit on variants per page. */
export const maxVariants = 8;

export function experimentOf(partner: JsonObject, pageKey: string): StudioExperiment | undefined {
  const page = pagesOf(partner)[pageKey] as
    (PageData & { experiment?: StudioExperiment }) | undefined;
  return page?.experiment;
}

/** The page with this experiment, or without any when it has no variant left. */
export function withExperiment(
  partner: JsonObject,
  pageKey: string,
  experiment: StudioExperiment | undefined,
): JsonObject {
  const pages = pagesOf(partner);
  const page = pages[pageKey];
  if (!page) return partner;
  const rest: PageData & { experiment?: StudioExperiment } = { ...page };
  delete rest.experiment;
  const next = experiment && experiment.variants.length > 0 ? { ...rest, experiment } : rest;
  return { ...partner, pages: { ...pages, [pageKey]: next } as unknown as Json };
}

/** An id no variant of the experiment has: "variant-1", "variant-2"... */
export function freeVariantId(experiment: StudioExperiment | undefined): string {
  const used = new Set((experiment?.variants ?? []).map((variant) => variant.id));
  let n = 1;
  while (used.has(`variant-${n}`)) n++;
  return `variant-${n}`;
}

/** How a new variant starts: changing some of the page's blocks, or a copy of all of them. */
export type VariantStart = 'overrides' | 'copy';

/**
 * A new variant, weighted like the control so it gets an equal share. Started from overrides it
 * changes nothing yet (the checker says so until a block of it is changed); started as a copy it
 * has its own list of blocks, the page's as they are now.
 */
export function addVariant(
  partner: JsonObject,
  pageKey: string,
  id: string,
  start: VariantStart = 'overrides',
): JsonObject {
  const current = experimentOf(partner, pageKey);
  const controlWeight = current?.controlWeight ?? DEFAULT_CONTROL_WEIGHT;
  const variant: StudioVariant = {
    id,
    weight: controlWeight > 0 ? controlWeight : 50,
    ...(start === 'copy' ? { sections: pageCopy(partner, pageKey) } : {}),
  };
  return withExperiment(partner, pageKey, {
    controlWeight,
    variants: [...(current?.variants ?? []), variant],
  });
}

export function removeVariant(partner: JsonObject, pageKey: string, index: number): JsonObject {
  const current = experimentOf(partner, pageKey);
  if (!current) return partner;
  return withExperiment(partner, pageKey, {
    ...current,
    variants: current.variants.filter((_, at) => at !== index),
  });
}

/** Replaces a variant's id, weight, note and schedule; its blocks stay. */
export function updateVariantSettings(
  partner: JsonObject,
  pageKey: string,
  index: number,
  settings: Pick<StudioVariant, 'id' | 'weight' | 'note' | 'schedule'>,
): JsonObject {
  const current = experimentOf(partner, pageKey);
  const variant = current?.variants[index];
  if (!current || !variant) return partner;
  const { note, schedule, ...rest } = { ...variant, ...settings };
  const next: StudioVariant = {
    ...rest,
    ...(note ? { note } : {}),
    // An emptied schedule is left out: the schema wants a start or an end when there is one.
    ...(schedule && (schedule.start || schedule.end) ? { schedule: cleanSchedule(schedule) } : {}),
  };
  // The file's order: settings first, then the variant's blocks.
  const ordered: StudioVariant = {
    id: next.id,
    weight: next.weight,
    ...(next.note !== undefined ? { note: next.note } : {}),
    ...(next.schedule ? { schedule: next.schedule } : {}),
    ...(next.sections ? { sections: next.sections } : {}),
    ...(next.overrides ? { overrides: next.overrides } : {}),
  };
  return replaceVariant(partner, pageKey, current, index, ordered);
}

const cleanSchedule = (schedule: { start?: string; end?: string }) => ({
  ...(schedule.start ? { start: schedule.start } : {}),
  ...(schedule.end ? { end: schedule.end } : {}),
});

export function setControlWeight(partner: JsonObject, pageKey: string, weight: number) {
  const current = experimentOf(partner, pageKey);
  if (!current) return partner;
  return withExperiment(partner, pageKey, { ...current, controlWeight: weight });
}

function replaceVariant(
  partner: JsonObject,
  pageKey: string,
  experiment: StudioExperiment,
  index: number,
  variant: StudioVariant,
): JsonObject {
  return withExperiment(partner, pageKey, {
    ...experiment,
    variants: experiment.variants.map((old, at) => (at === index ? variant : old)),
  });
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A block's settings as the variant shows it: the page's, with the variant's overrides on top
 * (versionPage's shallow merge).
 */
export function variantBlockProps(section: Section, variant: StudioVariant): JsonObject {
  return { ...section.props, ...(variant.overrides?.[section.id] ?? {}) };
}

/**
 * Sets what the variant shows for one of the page's blocks: only the settings that differ from
 * the page's are written, so a setting put back as it was is no longer overridden, and a block
 * with no difference left has no override.
 */
export function setBlockOverride(
  partner: JsonObject,
  pageKey: string,
  index: number,
  sectionId: string,
  props: JsonObject,
): JsonObject {
  const current = experimentOf(partner, pageKey);
  const variant = current?.variants[index];
  const section = sectionsOf(partner, pageKey).find((candidate) => candidate.id === sectionId);
  if (!current || !variant || !section) return partner;
  const changed = Object.fromEntries(
    Object.entries(props).filter(
      ([key, value]) => value !== undefined && !same(value, section.props[key]),
    ),
  ) as JsonObject;
  return setOverrides(partner, pageKey, current, index, variant, sectionId, changed);
}

/** The variant shows this block as the page does again (also for a block the page lost). */
export function clearBlockOverride(
  partner: JsonObject,
  pageKey: string,
  index: number,
  sectionId: string,
): JsonObject {
  const current = experimentOf(partner, pageKey);
  const variant = current?.variants[index];
  if (!current || !variant) return partner;
  return setOverrides(partner, pageKey, current, index, variant, sectionId, {});
}

function setOverrides(
  partner: JsonObject,
  pageKey: string,
  experiment: StudioExperiment,
  index: number,
  variant: StudioVariant,
  sectionId: string,
  changed: JsonObject,
): JsonObject {
  const others = Object.entries(variant.overrides ?? {}).filter(([id]) => id !== sectionId);
  // Kept in the page's order, whatever order the blocks were changed in.
  const order = sectionsOf(partner, pageKey).map((section) => section.id);
  const entries = [...others, ...(Object.keys(changed).length > 0 ? [[sectionId, changed]] : [])]
    .map(([id, props]) => [id, props] as [string, JsonObject])
    .sort(([a], [b]) => rank(order, a) - rank(order, b));
  const rest: StudioVariant = { ...variant };
  delete rest.overrides;
  const next: StudioVariant =
    entries.length > 0 ? { ...rest, overrides: Object.fromEntries(entries) } : rest;
  return replaceVariant(partner, pageKey, experiment, index, next);
}

const rank = (order: string[], id: string) => {
  const at = order.indexOf(id);
  return at === -1 ? order.length : at;
};

/**
 * The page's blocks as a variant shows them, as a list of its own: a deep copy (nothing shared
 * with the page), each block keeping its id so the variant's blocks line up with the control's,
 * with the variant's overrides applied (versionPage's shallow merge) when it has some.
 */
export function pageCopy(partner: JsonObject, pageKey: string, variant?: StudioVariant): Section[] {
  return sectionsOf(partner, pageKey).map((section) =>
    structuredClone({
      ...section,
      props: variant ? variantBlockProps(section, variant) : section.props,
    }),
  );
}

/**
 * What making the variant a full copy would drop: its overrides of blocks the page no longer has
 * (the copy has no place for them).
 */
export function lostInCopy(partner: JsonObject, pageKey: string, variant: StudioVariant): string[] {
  const ids = new Set(sectionsOf(partner, pageKey).map((section) => section.id));
  return Object.keys(variant.overrides ?? {}).filter((id) => !ids.has(id));
}

/**
 * The variant with its own list of blocks instead of overrides: the page's blocks as the variant
 * shows them now. Its id, weight, note and schedule stay. From then on, edits of the page no
 * longer reach the variant.
 */
export function variantAsCopy(partner: JsonObject, pageKey: string, index: number): JsonObject {
  const current = experimentOf(partner, pageKey);
  const variant = current?.variants[index];
  if (!current || !variant) return partner;
  const rest: StudioVariant = { ...variant };
  delete rest.overrides;
  return replaceVariant(partner, pageKey, current, index, {
    ...rest,
    sections: variant.sections ?? pageCopy(partner, pageKey, variant),
  });
}

/** A variant's own list of blocks, replaced (added to, reordered, a block changed...). */
export function setVariantSections(
  partner: JsonObject,
  pageKey: string,
  index: number,
  sections: Section[],
): JsonObject {
  const current = experimentOf(partner, pageKey);
  const variant = current?.variants[index];
  if (!current || !variant?.sections) return partner;
  return replaceVariant(partner, pageKey, current, index, { ...variant, sections });
}

/** A variant with both lists (which the checker refuses) keeps its own blocks only. */
export function dropOverrides(partner: JsonObject, pageKey: string, index: number): JsonObject {
  const current = experimentOf(partner, pageKey);
  const variant = current?.variants[index];
  if (!current || !variant?.sections) return partner;
  const rest: StudioVariant = { ...variant };
  delete rest.overrides;
  return replaceVariant(partner, pageKey, current, index, rest);
}

export interface VersionShare {
  /** "control" or the variant's id. */
  id: string;
  weight: number;
  /** The share of the page's visitors (0 to 1) the weights give it, schedules aside. */
  share: number;
}

/** Each version's share of visitors by weight, the control first. */
export function versionShares(experiment: StudioExperiment | undefined): VersionShare[] {
  if (!experiment) return [{ id: CONTROL, weight: 1, share: 1 }];
  const weights = [
    { id: CONTROL, weight: experiment.controlWeight ?? DEFAULT_CONTROL_WEIGHT },
    ...experiment.variants.map((variant) => ({ id: variant.id, weight: variant.weight })),
  ].map((version) => ({
    ...version,
    weight: Number.isFinite(version.weight) && version.weight > 0 ? version.weight : 0,
  }));
  const total = weights.reduce((sum, version) => sum + version.weight, 0);
  return weights.map((version) => ({
    ...version,
    share: total > 0 ? version.weight / total : 0,
  }));
}

/** "50%", "33.3%", "0% (paused)": to one decimal, without a trailing ".0". */
export function formatShare(share: number): string {
  const text = `${Math.round(share * 1000) / 10}%`;
  return share === 0 ? `${text} (paused)` : text;
}

/**
 * Removes a block of the page and what in the page's A/B test depends on it (each variant's
 * change of that block), so the file stays whole. Also says which variants lost a change, for the
 * sentence that tells the person (and Undo brings both back).
 */
export function removePageBlock(
  partner: JsonObject,
  pageKey: string,
  index: number,
): { partner: JsonObject; variantsChanged: string[] } {
  const sections = sectionsOf(partner, pageKey);
  const section = sections[index];
  if (!section) return { partner, variantsChanged: [] };
  const variants = experimentOf(partner, pageKey)?.variants ?? [];
  const changed = variants
    .map((variant, at) => ({ variant, at }))
    .filter(({ variant }) => variant.overrides?.[section.id] !== undefined);
  let next = withSections(
    partner,
    pageKey,
    sections.filter((_, at) => at !== index),
  );
  for (const { at } of changed) next = clearBlockOverride(next, pageKey, at, section.id);
  return { partner: next, variantsChanged: changed.map(({ variant }) => variant.id) };
}
