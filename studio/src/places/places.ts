import type { Problem } from '../api/studioApi.ts';
import { blocksOf } from '../blocks/blocks.ts';
import { experimentOf } from '../experiment/experiments.ts';
import { pointerParts, problemPath } from '../schema/schema.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * Places: where a JSON pointer of the partner file is on screen. One id scheme for every form: the
 * partner-wide settings are `settings_` and the pointer's parts (`settings_theme_brandColor`), a
 * page's parts `page-{key}_` and the rest of the pointer (`page-landing_sections_2_props_title`,
 * `page-landing_experiment_variants_0_weight`), so the checker's sentences land under their field
 * and "Show me" finds it.
 */
export const settingsPrefix = 'settings';

/** The rjsf id of the field at this path in a form with this id prefix. */
export function fieldId(prefix: string, path: readonly string[]): string {
  return [prefix, ...path].join('_');
}

/** The element id of the place a pointer names. */
export function placeId(pointer: string): string {
  const parts = pointerParts(pointer);
  if (parts[0] === 'pages' && parts[1]) return fieldId(pageFormId(parts[1]), parts.slice(2));
  return fieldId(settingsPrefix, parts);
}

/**
 * The pointer of the field a problem is about: its pointer, or for a missing setting (reported on
 * the object that lacks it) the setting's own, empty place.
 */
export function problemPointer(problem: Pick<Problem, 'pointer' | 'missing'>): string {
  if (!problem.missing) return problem.pointer;
  const escaped = problem.missing.replace(/~/g, '~0').replace(/\//g, '~1');
  return `${problem.pointer.replace(/\/$/, '')}/${escaped}`;
}

/** The form of a page's own settings (address, title...); its fields are `page-{key}_slug`... */
export const pageFormId = (pageKey: string) => `page-${pageKey}`;

/** A page's list of blocks in the file. */
export const pageBlocksAt = (pageKey: string) => `/pages/${pageKey}/sections`;

/** A variant's own list of blocks in the file. */
export const variantBlocksAt = (pageKey: string, variant: number) =>
  `/pages/${pageKey}/experiment/variants/${variant}/sections`;

/** The id prefix of a block's settings form: its fields are `${prefix}_title`, `${prefix}_cards_0_title`... */
export const blockFormIdAt = (list: string, index: number) => placeId(`${list}/${index}/props`);
export const blockFormId = (pageKey: string, index: number) =>
  blockFormIdAt(pageBlocksAt(pageKey), index);
export const variantBlockFormId = (pageKey: string, variant: number, index: number) =>
  blockFormIdAt(variantBlocksAt(pageKey, variant), index);

/** Which block of which list is open: the list's pointer and the block's id. */
export interface OpenBlock {
  list: string;
  id: string;
}

/** Where a problem's field is: the tab, page and block to open, and the elements to focus. */
export interface Place {
  tab: 'settings' | 'pages';
  pageKey: string | undefined;
  expand: OpenBlock | undefined;
  /** Element ids, the first found wins: the field, else its block's heading. */
  target: string[];
}

/**
 * The element of a block to focus for a problem under it (`rest` is the pointer after the block):
 * the field concerned; for a missing setting (reported on the block's props) the setting's empty
 * field; else the block's heading.
 */
function blockTarget(problem: Problem, form: string, rest: string[]): string[] {
  const heading = `${form}-heading`;
  if (rest[0] !== 'props') return [heading];
  const path = problemPath(rest.slice(1), problem);
  // The heading too, for a field the form does not draw as one element.
  return path.length > 0 ? [...inLanguage(problem, fieldId(form, path)), heading] : [heading];
}

/**
 * A text missing in another language is shown in that language's field (the English field's id
 * and the language, TranslationFields.tsx), the English field next.
 */
const inLanguage = (problem: Problem, english: string) =>
  problem.translation ? [`${english}-${problem.translation.language}`, english] : [english];

export function locate(problem: Problem, partner: PartnerDraft): Place {
  const parts = pointerParts(problem.pointer);
  const pageKey = parts[0] === 'pages' ? parts[1] : undefined;
  if (!pageKey) {
    const path = problemPath(parts, problem);
    const target = inLanguage(problem, fieldId(settingsPrefix, path));
    return { tab: 'settings', pageKey, expand: undefined, target };
  }
  const blockIn = (list: string, index: number, id: string | undefined, rest: string[]) =>
    id === undefined
      ? undefined
      : {
          tab: 'pages' as const,
          pageKey,
          expand: { list, id },
          target: blockTarget(problem, blockFormIdAt(list, index), rest),
        };
  if (parts[2] === 'sections' && parts[3] !== undefined) {
    const index = Number(parts[3]);
    const id = blocksOf(partner, pageKey)[index]?.id;
    const place = blockIn(pageBlocksAt(pageKey), index, id, parts.slice(4));
    if (place) return place;
  }
  // A block of a variant's own list: /pages/landing/experiment/variants/0/sections/2/props/title.
  if (parts[2] === 'experiment' && parts[3] === 'variants' && parts[5] === 'sections') {
    const variant = Number(parts[4]);
    const index = Number(parts[6]);
    const id = experimentOf(partner, pageKey)?.variants[variant]?.sections?.[index]?.id;
    const place = blockIn(variantBlocksAt(pageKey, variant), index, id, parts.slice(7));
    if (place) return place;
  }
  // A page's own setting, or a variant's: a campaign page's title, a variant's change of a block
  // (its Spanish field first, for a missing translation).
  const target = parts[2] ? inLanguage(problem, placeId(problem.pointer)) : ['page-picker'];
  return { tab: 'pages', pageKey, expand: undefined, target };
}
