import { withoutLostBlocks } from '../translations/translationEdits.ts';
import { DEFAULT_CONTROL_WEIGHT } from '../../../src/config/experiments.ts';
import { pagesOf, blocksOf } from '../blocks/blocks.ts';
import type {
  ExperimentDraft,
  PartnerDraft,
  BlockDraft,
  VariantDraft,
} from '../schema/partnerTypes.ts';
import { isJsonObject, textOf } from '../schema/json.ts';
import type { Json, JsonObject } from '../schema/schema.ts';

/**
 * Pure edits of a page's experiment (the partner file's `pages.<key>.experiment`), like blocks.ts
 * for sections: each returns a new partner. A variant either changes some blocks' settings
 * (`overrides`: it keeps the page's other blocks, and later edits of them, and writes only what
 * differs), or has its own whole list of blocks (`sections`), started as a copy of the page's
 * (variantBlocks.ts edits those).
 */
export function experimentOf(partner: PartnerDraft, pageKey: string): ExperimentDraft | undefined {
  return pagesOf(partner)[pageKey]?.experiment;
}

/** The page with this experiment, or without any when it has no variant left. */
export function withExperiment(
  partner: PartnerDraft,
  pageKey: string,
  experiment: ExperimentDraft | undefined,
): PartnerDraft {
  const pages = pagesOf(partner);
  const page = pages[pageKey];
  if (!page) return partner;
  const rest = { ...page };
  delete rest.experiment;
  const next = experiment && experiment.variants.length > 0 ? { ...rest, experiment } : rest;
  return { ...partner, pages: { ...pages, [pageKey]: next } };
}

/** An id no variant of the experiment has: "variant-1", "variant-2"... */
export function freeVariantId(experiment: ExperimentDraft | undefined): string {
  const used = new Set((experiment?.variants ?? []).map((variant) => variant.id));
  let n = 1;
  while (used.has(`variant-${n}`)) n++;
  return `variant-${n}`;
}

/**
 * A seed for a new test on the page (the experiment's `seed`, hash version 2): the page's key and
 * eight random letters and digits, so a test added later on the same page draws its visitors
 * afresh instead of putting the same people first again (src/config/experiments.ts drawScope).
 */
export function newExperimentSeed(pageKey: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const random = crypto.getRandomValues(new Uint8Array(8));
  const letters = Array.from(random, (byte) => alphabet[byte % alphabet.length]).join('');
  return `${pageKey}-${letters}`;
}

/** How a new variant starts: changing some of the page's blocks, or a copy of all of them. */
export type VariantStart = 'overrides' | 'copy';

/**
 * A new variant, weighted like the control so it gets an equal share. Started from overrides it
 * changes nothing yet (the checker says so until a block of it is changed); started as a copy it
 * has its own list of blocks, the page's as they are now. The page's first variant starts a new
 * test, which gets `seed` and hash version 2; a test that has one keeps its draw.
 */
export function addVariant(
  partner: PartnerDraft,
  pageKey: string,
  id: string,
  start: VariantStart = 'overrides',
  seed: string = newExperimentSeed(pageKey),
): PartnerDraft {
  const current = experimentOf(partner, pageKey);
  const controlWeight = current?.controlWeight ?? DEFAULT_CONTROL_WEIGHT;
  const variant: VariantDraft = {
    id,
    weight: controlWeight > 0 ? controlWeight : 50,
    ...(start === 'copy' ? { sections: pageCopy(partner, pageKey) } : {}),
  };
  if (!current)
    return withExperiment(partner, pageKey, {
      controlWeight,
      seed,
      hashVersion: 2,
      variants: [variant],
    });
  return withExperiment(partner, pageKey, { ...current, variants: [...current.variants, variant] });
}

export function removeVariant(partner: PartnerDraft, pageKey: string, index: number): PartnerDraft {
  const current = experimentOf(partner, pageKey);
  if (!current) return partner;
  return withExperiment(partner, pageKey, {
    ...current,
    variants: current.variants.filter((_, at) => at !== index),
  });
}

/** A variant's own settings, edited in its settings form. */
export type VariantSettings = Pick<VariantDraft, 'id' | 'weight' | 'note' | 'schedule'>;

/**
 * The variant settings form's data as settings. The form gives each field's value or nothing (a
 * field being retyped); a value of another type, which the form never gives, is left out too.
 */
export function variantSettingsFrom(data: Json): VariantSettings {
  if (!isJsonObject(data)) return {};
  const schedule = isJsonObject(data.schedule)
    ? { start: textOf(data.schedule.start), end: textOf(data.schedule.end) }
    : undefined;
  return {
    id: textOf(data.id),
    weight: typeof data.weight === 'number' ? data.weight : undefined,
    note: textOf(data.note),
    schedule,
  };
}

/** Replaces a variant's id, weight, note and schedule; its blocks stay. */
export function updateVariantSettings(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
  settings: VariantSettings,
): PartnerDraft {
  return changeVariant(partner, pageKey, index, (variant) => {
    const { note, schedule, ...rest } = { ...variant, ...settings };
    const next: VariantDraft = {
      ...rest,
      ...(note ? { note } : {}),
      // An emptied schedule is left out: the schema wants a start or an end when there is one.
      ...(schedule && (schedule.start || schedule.end)
        ? { schedule: cleanSchedule(schedule) }
        : {}),
    };
    // The file's order: settings first, then the variant's blocks.
    return {
      id: next.id,
      weight: next.weight,
      ...(next.note !== undefined ? { note: next.note } : {}),
      ...(next.schedule ? { schedule: next.schedule } : {}),
      ...(next.sections ? { sections: next.sections } : {}),
      ...(next.overrides ? { overrides: next.overrides } : {}),
    };
  });
}

const cleanSchedule = (schedule: { start?: string; end?: string }) => ({
  ...(schedule.start ? { start: schedule.start } : {}),
  ...(schedule.end ? { end: schedule.end } : {}),
});

export function setControlWeight(
  partner: PartnerDraft,
  pageKey: string,
  weight: number,
): PartnerDraft {
  const current = experimentOf(partner, pageKey);
  if (!current) return partner;
  return withExperiment(partner, pageKey, { ...current, controlWeight: weight });
}

/**
 * The partner with one variant of the page's test changed by `change`: unchanged when the page
 * has no such variant, or when `change` gives nothing (an edit that does not apply to it).
 */
export function changeVariant(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
  change: (variant: VariantDraft) => VariantDraft | undefined,
): PartnerDraft {
  const experiment = experimentOf(partner, pageKey);
  const variant = experiment?.variants[index];
  const next = variant && change(variant);
  if (!experiment || !next) return partner;
  // The texts in other languages of a block the variant no longer has or changes go with it.
  return withoutLostBlocks(
    withExperiment(partner, pageKey, {
      ...experiment,
      variants: experiment.variants.map((old, at) => (at === index ? next : old)),
    }),
  );
}

/** The variant without its changes of the page's blocks. */
export function withoutOverrides(variant: VariantDraft): VariantDraft {
  const rest = { ...variant };
  delete rest.overrides;
  return rest;
}

/**
 * A block's settings as the variant shows it: the page's, with the variant's overrides on top
 * (versionPage's shallow merge).
 */
export function variantBlockProps(section: BlockDraft, variant: VariantDraft): JsonObject {
  return { ...section.props, ...(variant.overrides?.[section.id] ?? {}) };
}

/**
 * The page's blocks as a variant shows them, as a list of its own: a deep copy (nothing shared
 * with the page), each block keeping its id so the variant's blocks line up with the control's,
 * with the variant's overrides applied (versionPage's shallow merge) when it has some.
 */
export function pageCopy(
  partner: PartnerDraft,
  pageKey: string,
  variant?: VariantDraft,
): BlockDraft[] {
  return blocksOf(partner, pageKey).map((section) =>
    structuredClone({
      ...section,
      props: variant ? variantBlockProps(section, variant) : section.props,
    }),
  );
}

export { formatShare, versionShares, type VersionShare } from './shares.ts';
