import en from '../catalogues/en/suggest.json' with { type: 'json' };
import type spanish from '../catalogues/es/suggest.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/**
 * The language suggestion's words (src/ui/LanguageSuggestion), said in the language it suggests
 * (src/i18n/catalogues/<language>/suggest.json).
 */
export const suggestWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/suggest.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type SuggestKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
