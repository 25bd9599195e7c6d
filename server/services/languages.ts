import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { defaultLanguage, isLanguage, type Language } from '../../src/i18n/languages.ts';
import { ApiError } from '../http/errors.ts';

/**
 * The languages a partner offers and its few texts the server needs in them (issue 37): the
 * partner file's optional `languages` list (English always first, absent means English only) and
 * its `translations.<language>` overlay, of which the server reads only the name, the logo's alt
 * text and the landing page's how-it-works cards. Read defensively (`in` and type guards), so this
 * works with partner files of either format and never trusts a shape it has not checked.
 */
export { isLanguage };

/** What a stored column says, with 'en' for anything unknown (a row from before, a typo). */
export function storedLanguage(value: unknown): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

export function offeredLanguages(partner: PartnerConfig): readonly Language[] {
  const listed: unknown = 'languages' in partner ? partner.languages : undefined;
  const others = Array.isArray(listed)
    ? listed.filter((value): value is Language => isLanguage(value) && value !== defaultLanguage)
    : [];
  return [defaultLanguage, ...new Set(others)];
}

/**
 * The language a request asks for, checked against the partner's list: absent means English; a
 * language the product does not speak, or the partner does not offer, is a 400.
 */
export function requestLanguage(partner: PartnerConfig, asked: string | undefined): Language {
  if (asked === undefined) return defaultLanguage;
  if (isLanguage(asked) && offeredLanguages(partner).includes(asked)) return asked;
  throw new ApiError(
    400,
    'unsupported_language',
    `This page is not offered in the language "${asked}". It is offered in: ${offeredLanguages(partner).join(', ')}.`,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of an object read from a file, or undefined for anything else. */
export const fieldOf = (value: unknown, key: string): unknown =>
  isRecord(value) ? value[key] : undefined;

/** The partner's overlay for a language other than English, as an object, if it has one. */
export function translationOf(
  partner: PartnerConfig,
  language: Language,
): Record<string, unknown> | undefined {
  if (language === defaultLanguage || !('translations' in partner)) return undefined;
  const all: unknown = partner.translations;
  const overlay = isRecord(all) ? all[language] : undefined;
  return isRecord(overlay) ? overlay : undefined;
}

/** A string at a path of the overlay (["branding", "logoAlt"]), if it is there and not empty. */
export function translatedText(
  partner: PartnerConfig,
  language: Language,
  path: readonly string[],
): string | undefined {
  let at: unknown = translationOf(partner, language);
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return typeof at === 'string' && at.trim() !== '' ? at : undefined;
}

/** The partner's display name in the language (its overlay's, else the file's own). */
export function partnerName(partner: PartnerConfig, language: Language): string {
  return translatedText(partner, language, ['name']) ?? partner.name;
}

/** The address segment of a language: none for English, "/es" for Spanish (the site's rule). */
export function languageSegment(language: Language): string {
  return language === defaultLanguage ? '' : `/${language}`;
}

/** The Intl locale the emails format dates and prices with (US English and US Spanish). */
export const intlLocale: Record<Language, string> = { en: 'en-US', es: 'es-US' };
