import en from '../catalogues/en/signup.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** A failed signup's alert (spec §8), said by the landing page's signup (src/i18n/catalogues/<language>/signup.json). */
export const signupWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/signup.json') },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type SignupKeysMatch = Check<
  SameKeys<typeof en, typeof import('../catalogues/es/signup.json')>
>;
