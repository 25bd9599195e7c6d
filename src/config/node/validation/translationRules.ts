import partnerSchema from '../../../../schemas/partner.schema.json' with { type: 'json' };
import type { PartnerConfig } from '../../generated/partner.ts';
import { segment, textsToTranslate } from '../../translationTexts.ts';
import { defaultLanguage, isLanguage, languages, type Language } from '../../../i18n/languages.ts';
import type { Problem } from './problem.ts';

/**
 * What the schema cannot say about a partner's languages (issue 37): English comes first, a
 * translation is only for a listed language, every text of the file is given in each listed
 * language (the problem points at the English text and says where its translation goes), and
 * nothing in a translation stands where the English has no text (a typo in a block id or a prop).
 */
const languageName = (language: string) =>
  new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;

const isText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(data: unknown, pointer: string): unknown {
  let at: unknown = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isRecord(at)) at = at[key];
    else return undefined;
  }
  return at;
}

/** The pointers of every string inside `value`. */
function stringsIn(value: unknown, at: string): string[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((child, i) => stringsIn(child, `${at}/${i}`));
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, child]) =>
      stringsIn(child, `${at}/${segment(key)}`),
    );
  return [];
}

/** A `translations` object's keys that are not languages the file offers besides English. */
function unlistedLanguages(
  file: string,
  translations: Record<string, unknown> | undefined,
  listed: readonly string[],
  at: string,
): Problem[] {
  return Object.keys(translations ?? {})
    .filter((language) => language === defaultLanguage || !listed.includes(language))
    .map((language) => ({
      file,
      pointer: `${at}/${segment(language)}`,
      message:
        language === defaultLanguage
          ? "English is the file's own text: translations are only for the other languages; move these texts into the file itself"
          : `these texts are in ${languageName(language)}, which "languages" does not list; add "${language}" to "languages" or remove them`,
    }));
}

/**
 * The problems (a text a language's page would lack) and the warnings (a variant's text that the
 * page in that language shows as the page's own translation, not the variant's change).
 */
export function translationProblems(
  file: string,
  partner: PartnerConfig,
): { problems: Problem[]; warnings: Problem[] } {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const listed: readonly string[] = partner.languages ?? [defaultLanguage];
  if (partner.languages && partner.languages[0] !== defaultLanguage) {
    problems.push({
      file,
      pointer: '/languages/0',
      message:
        'English ("en") must come first in "languages": it is the language every page falls back to',
    });
  }
  const addresses: [string, string | undefined][] = [
    ['/id', partner.id],
    ...Object.entries(partner.pages).map(([key, page]): [string, string | undefined] => [
      `/pages/${segment(key)}/slug`,
      page.slug,
    ]),
  ];
  for (const [pointer, word] of addresses)
    if (isLanguage(word))
      problems.push({
        file,
        pointer,
        message: `"${word}" is the address of the pages in ${languageName(word)} (/${word}/...); choose another`,
      });
  problems.push(...unlistedLanguages(file, partner.translations, listed, '/translations'));
  for (const [key, page] of Object.entries(partner.pages))
    page.experiment?.variants.forEach((variant, v) =>
      problems.push(
        ...unlistedLanguages(
          file,
          variant.translations,
          listed,
          `/pages/${segment(key)}/experiment/variants/${v}/translations`,
        ),
      ),
    );

  const offered = languages.filter(
    (language): language is Language => language !== defaultLanguage && listed.includes(language),
  );
  for (const language of offered) {
    const texts = textsToTranslate(partner, partnerSchema, language);
    const name = languageName(language);
    const expected = new Set(texts.map((text) => text.translation));
    for (const text of texts) {
      if (isText(valueAt(partner, text.translation))) continue;
      const translation = { language, pointer: text.translation };
      // A variant's text with no translation shows the page's own there (when the page has a
      // text in that place): the page works, but the variant's change is not tested in it.
      if (text.fallback !== undefined && expected.has(text.fallback)) {
        // Unchanged from the page's English: the page's translation is this text's too.
        if (valueAt(partner, text.pageText ?? '') === valueAt(partner, text.pointer)) continue;
        warnings.push({
          file,
          pointer: text.pointer,
          message: `this variant's text has no ${name} translation, so the pages in ${name} show the page's own ${name} text here instead of this change; give it at ${text.translation}`,
          translation: { ...translation, fallback: true },
        });
        continue;
      }
      problems.push({
        file,
        pointer: text.pointer,
        message: `this text has no ${name} translation; the pages in ${name} need it at ${text.translation}`,
        translation,
      });
    }
    // Anything written where the English has no text would never be shown.
    const roots = [
      `/translations/${language}`,
      ...Object.entries(partner.pages).flatMap(([key, page]) =>
        (page.experiment?.variants ?? []).map(
          (_, v) => `/pages/${segment(key)}/experiment/variants/${v}/translations/${language}`,
        ),
      ),
    ];
    for (const root of roots)
      for (const pointer of stringsIn(valueAt(partner, root), root))
        if (!expected.has(pointer))
          problems.push({
            file,
            pointer,
            message: `the English file has no text here to translate, so this is never shown; check the block id, the setting's name and the list's length against the English`,
          });
  }
  return { problems, warnings };
}
