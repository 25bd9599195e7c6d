import { isJsonObject, type Json } from './json.ts';
import type { PartnerDraft } from './partnerTypes.ts';
import { isBlockType } from './schema.ts';

/*
 * Whether JSON from outside the studio's own edits (a colleague's file merged into the draft,
 * the settings form's data) is a partner draft: checked by looking, so nothing is asserted.
 */

const listOf = (value: Json | undefined, isItem: (item: Json) => boolean) =>
  Array.isArray(value) && value.every(isItem);

const isBlockDraft = (value: Json): boolean =>
  isJsonObject(value) &&
  typeof value.id === 'string' &&
  typeof value.type === 'string' &&
  isBlockType(value.type) &&
  isJsonObject(value.props);

const isVariantDraft = (value: Json): boolean =>
  isJsonObject(value) &&
  (value.sections === undefined || listOf(value.sections, isBlockDraft)) &&
  (value.overrides === undefined ||
    (isJsonObject(value.overrides) && Object.values(value.overrides).every(isJsonObject)));

const isPageDraft = (value: Json): boolean =>
  isJsonObject(value) &&
  listOf(value.sections, isBlockDraft) &&
  (value.experiment === undefined ||
    (isJsonObject(value.experiment) && listOf(value.experiment.variants, isVariantDraft)));

/**
 * Whether JSON has the parts of a partner file its type promises (its groups of settings and
 * lists, its pages' blocks, their tests' variants); the values a person types are the checker's.
 * For JSON that does not come from the studio's own edits: a merge with someone's file.
 */
export const isPartnerDraft = (value: Json | undefined): value is PartnerDraft =>
  isJsonObject(value) &&
  listOf(value.hosts, (host) => typeof host === 'string') &&
  ['branding', 'theme', 'form', 'offer'].every((group) => isJsonObject(value[group])) &&
  isJsonObject(value.form) &&
  listOf(value.form.fields, isJsonObject) &&
  isJsonObject(value.pages) &&
  Object.values(value.pages).every(isPageDraft);
