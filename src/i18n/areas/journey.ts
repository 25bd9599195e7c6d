import en from '../catalogues/en/journey.json' with { type: 'json' };
import type spanish from '../catalogues/es/journey.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** The steps after the offer: checkout, payment return, home profile, new link (src/i18n/catalogues/<language>/journey.json). */
export const journeyWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/journey.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type JourneyKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
