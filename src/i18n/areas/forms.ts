import en from '../catalogues/en/forms.json' with { type: 'json' };
import type spanish from '../catalogues/es/forms.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** The signup form's messages (spec §5 and the signup's alert texts of §8), consent and labels (src/i18n/catalogues/<language>/forms.json). */
export const formsWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/forms.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type FormsKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
