import en from '../catalogues/en/offer.json' with { type: 'json' };
import type spanish from '../catalogues/es/offer.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** The claim-offer page, its frame and the confirmation; the offer card and its gate (src/i18n/catalogues/<language>/offer.json). */
export const offerWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/offer.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type OfferKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
