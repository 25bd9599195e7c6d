import { defaultLanguage, type Language } from '../i18n/languages.ts';
import type {
  Page,
  PartnerConfig,
  Block,
  TranslatedBlocks,
  TranslatedPage,
  Translation,
  Variant,
} from './generated/partner.ts';

/**
 * The partner as shown in a language (issue 37): its file's `translations.<language>` overlay laid
 * over the English texts, and each variant's own `translations.<language>` over its overrides or
 * its own blocks. The result has the partner's shape with no translations left in it, so every
 * page, block and experiment rule downstream reads one language and knows nothing of the others
 * (and a page's embedded data carries only its own language's words). Browser-safe and small: a
 * plain merge, no schema. What the overlay must hold is the partner check's business
 * (src/config/node/validation/translationRules.ts).
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `base` with the overlay's texts in place: a string where the overlay has a non-empty string,
 * lists entry by entry (the overlay follows the English order), objects key by key. Only what the
 * English has is replaced; anything else in the overlay is ignored.
 */
export function overlaid<T>(base: T, over: unknown): T {
  if (over === undefined) return base;
  if (typeof base === 'string')
    return (typeof over === 'string' && over.trim() !== '' ? over : base) as T;
  if (Array.isArray(base))
    return (Array.isArray(over) ? base.map((item, i) => overlaid(item, over[i])) : base) as T;
  if (isRecord(base) && isRecord(over))
    return Object.fromEntries(
      Object.entries(base).map(([key, value]) => [key, overlaid(value, over[key])]),
    ) as T;
  return base;
}

/** map() on a list the schema says is never empty, keeping that in its type. */
const mapAll = <T, U>(list: readonly [T, ...T[]], each: (item: T) => U) =>
  list.map(each) as [U, ...U[]];

const withProps = (section: Block, over: unknown): Block =>
  over === undefined ? section : ({ ...section, props: overlaid(section.props, over) } as Block);

/**
 * A variant in `language`: its own translations first; where it gives none for a text, the
 * page's own translation of the same block (same id and type) and setting, so a visitor never
 * reads English on another language's page. That text is then the page's, not the variant's
 * change: the partner check warns of it (docs/partners.md, "Languages").
 */
function variantIn(
  variant: Variant,
  language: Language | undefined,
  page: Page,
  pageOver: TranslatedPage | undefined,
): Variant {
  const { translations, ...rest } = variant;
  if (!language) return rest;
  const own: TranslatedBlocks = translations?.[language] ?? {};
  const fallback = (id: string, type: string | undefined) =>
    page.sections.some((section) => section.id === id && section.type === type)
      ? pageOver?.[id]
      : undefined;
  const inLanguage = <T>(props: T, id: string, type: string | undefined): T =>
    overlaid(overlaid(props, fallback(id, type)), own[id]);
  return {
    ...rest,
    ...(rest.sections
      ? {
          sections: mapAll(
            rest.sections,
            (section) =>
              ({
                ...section,
                props: inLanguage(section.props, section.id, section.type),
              }) as Block,
          ),
        }
      : {}),
    ...(rest.overrides
      ? {
          overrides: Object.fromEntries(
            Object.entries(rest.overrides).map(([id, props]) => [
              id,
              inLanguage(props, id, page.sections.find((section) => section.id === id)?.type),
            ]),
          ),
        }
      : {}),
  };
}

function pageIn(page: Page, over: TranslatedPage | undefined, language: Language | undefined) {
  const shown: Page = {
    ...page,
    sections: mapAll(page.sections, (section) => withProps(section, over?.[section.id])),
  };
  if (over && page.title !== undefined) shown.title = overlaid(page.title, over.title);
  if (over && page.description !== undefined)
    shown.description = overlaid(page.description, over.description);
  if (page.experiment)
    shown.experiment = {
      ...page.experiment,
      variants: mapAll(page.experiment.variants, (variant) =>
        variantIn(variant, language, page, over),
      ),
    };
  return shown;
}

/** The languages the partner offers, English first (its file's list; absent: English only). */
export function partnerLanguages(partner: PartnerConfig): readonly Language[] {
  return partner.languages ?? [defaultLanguage];
}

/**
 * The partner in `language`: English is the file as written. A language the partner does not
 * list is shown in English too (the routes offer only listed ones). No translations remain.
 */
export function partnerInLanguage(partner: PartnerConfig, language: Language): PartnerConfig {
  const { translations, ...file } = partner;
  const other = language !== defaultLanguage && partnerLanguages(partner).includes(language);
  const over: Translation | undefined = other ? translations?.[language] : undefined;
  const pages = Object.fromEntries(
    Object.entries(file.pages).map(([key, page]) => [
      key,
      pageIn(page, over?.pages?.[key], other ? language : undefined),
    ]),
  ) as PartnerConfig['pages'];
  if (!over) return { ...file, pages };
  return {
    ...file,
    name: overlaid(file.name, over.name),
    branding: overlaid(file.branding, over.branding),
    ...(file.meta ? { meta: overlaid(file.meta, over.meta) } : {}),
    form: overlaid(file.form, over.form),
    offer: overlaid(file.offer, over.offer),
    pages,
  };
}
