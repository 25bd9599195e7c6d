import en from '../catalogues/en/consent.json' with { type: 'json' };
import type spanish from '../catalogues/es/consent.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** The consent notice's words (its HTML: src/services/consent/notice.ts) (src/i18n/catalogues/<language>/consent.json). */
export const consentWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/consent.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type ConsentKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
