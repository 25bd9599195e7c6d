import partnerSchema from '../../../schemas/partner.schema.json';
import { textsToTranslate, type TextToTranslate } from '../../../src/config/translationTexts.ts';
import { defaultLanguage, isLanguage, type Language } from '../../../src/i18n/languages.ts';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import { valueAt } from '../diff/pointers.ts';
import { isJsonObject, type Json, type JsonObject } from '../schema/json.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * The studio's edits of a partner's other languages (issue 37, item 7): which texts of a block or
 * of the partner's settings a language needs, what the file gives for each, and the file with one
 * of them written. The list is the partner check's (src/config/translationTexts.ts), so the fields
 * the studio shows are exactly the texts the check asks for.
 */

/** The languages besides English the partner offers (its "languages" list). */
export function otherLanguages(partner: PartnerDraft): Language[] {
  const listed: unknown = partner.languages;
  return Array.isArray(listed)
    ? listed.filter(
        (language): language is Language => isLanguage(language) && language !== defaultLanguage,
      )
    : [];
}

/** The language's English name for the studio's words ("Spanish"). */
export const languageWord = (language: string) =>
  new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;

export interface TranslatedText extends TextToTranslate {
  english: string;
  /** The text the file gives in the language ('' when none). */
  given: string;
}

const asJson = (partner: PartnerDraft): Json => partner as unknown as Json;

/** The texts under `englishAt` (a block's props, or "" for all) that `language` needs. */
export function textsIn(
  partner: PartnerDraft,
  language: Language,
  englishAt: string,
): TranslatedText[] {
  // A draft is the file half way through an edit; the list reads only its texts.
  const texts = textsToTranslate(partner as unknown as PartnerConfig, partnerSchema, language);
  return texts
    .filter((text) => englishAt === '' || text.pointer.startsWith(`${englishAt}/`))
    .map((text) => {
      const english = valueAt(asJson(partner), text.pointer);
      const given = valueAt(asJson(partner), text.translation);
      return {
        ...text,
        english: typeof english === 'string' ? english : '',
        given: typeof given === 'string' ? given : '',
      };
    });
}

const parts = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

/** `node` with `text` at `path`, making lists where the next step is a position. */
function withText(node: Json | undefined, path: readonly string[], text: string): Json {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  if (/^\d+$/.test(head)) {
    const list: Json[] = Array.isArray(node) ? [...node] : [];
    const index = Number(head);
    // Entries before it stay empty: the check names each that is still missing.
    while (list.length < index) list.push(rest.length === 0 ? '' : {});
    list[index] = withText(list[index], rest, text);
    return list;
  }
  const object: JsonObject = isJsonObject(node ?? null) ? { ...(node as JsonObject) } : {};
  object[head] = withText(object[head], rest, text);
  return object;
}

/** The partner with `text` written where a translation goes (an empty text is kept empty). */
export function withTranslation(
  partner: PartnerDraft,
  translation: string,
  text: string,
): PartnerDraft {
  return withText(asJson(partner), parts(translation), text) as unknown as PartnerDraft;
}

/**
 * The file without translations of blocks it no longer has: a page's, under
 * translations.<language>.pages.<page>, and each variant's under its own translations (a block
 * removed from the page, a variant's change of a block cleared). Called after the studio's block
 * and variant edits, so removing a block does not leave texts the check refuses as never shown.
 */
export function withoutLostBlocks(partner: PartnerDraft): PartnerDraft {
  const file = asJson(partner);
  if (!isJsonObject(file) || !isJsonObject(file.pages ?? null)) return partner;
  const pages = file.pages as JsonObject;
  const ids = (list: Json | undefined) =>
    Array.isArray(list)
      ? list.flatMap((block) =>
          isJsonObject(block) && typeof block.id === 'string' ? [block.id] : [],
        )
      : [];
  const keep = (overlay: Json | undefined, kept: ReadonlySet<string>): Json | undefined => {
    if (!isJsonObject(overlay ?? null)) return overlay;
    const entries = Object.entries(overlay as JsonObject).filter(([key]) => kept.has(key));
    return entries.length === Object.keys(overlay as JsonObject).length
      ? overlay
      : Object.fromEntries(entries);
  };
  let next: Json = file;
  // The partner's own translations: each page's blocks, and its title and description.
  const translations = file.translations;
  if (isJsonObject(translations ?? null))
    for (const [language, overlay] of Object.entries(translations as JsonObject)) {
      if (!isJsonObject(overlay) || !isJsonObject(overlay.pages ?? null)) continue;
      for (const [key, texts] of Object.entries(overlay.pages as JsonObject)) {
        const page = pages[key];
        const sections = isJsonObject(page ?? null) ? (page as JsonObject).sections : undefined;
        const kept = keep(texts, new Set(['title', 'description', ...ids(sections)]));
        if (kept !== texts)
          next = withValue(next, ['translations', language, 'pages', key], kept ?? {});
      }
    }
  // Each variant's translations: its own blocks, or the blocks its overrides change.
  for (const [key, page] of Object.entries(pages)) {
    const experiment = isJsonObject(page) ? page.experiment : undefined;
    const variants = isJsonObject(experiment ?? null) ? (experiment as JsonObject).variants : [];
    if (!Array.isArray(variants)) continue;
    variants.forEach((variant, v) => {
      if (!isJsonObject(variant) || !isJsonObject(variant.translations ?? null)) return;
      const overrides = isJsonObject(variant.overrides ?? null)
        ? Object.keys(variant.overrides as JsonObject)
        : [];
      const kept = new Set([...ids(variant.sections), ...overrides]);
      for (const [language, texts] of Object.entries(variant.translations as JsonObject)) {
        const left = keep(texts, kept);
        if (left !== texts)
          next = withValue(
            next,
            ['pages', key, 'experiment', 'variants', String(v), 'translations', language],
            left ?? {},
          );
      }
    });
  }
  return next as unknown as PartnerDraft;
}

function withValue(node: Json, path: readonly string[], value: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(node)) {
    const list = [...node];
    list[Number(head)] = withValue(list[Number(head)] ?? {}, rest, value);
    return list;
  }
  const object: JsonObject = isJsonObject(node) ? { ...node } : {};
  object[head] = withValue(object[head] ?? {}, rest, value);
  return object;
}
