import en from '../catalogues/en/blocks.json' with { type: 'json' };
import type spanish from '../catalogues/es/blocks.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** The product's few words inside the landing page's blocks (not the partner's) (src/i18n/catalogues/<language>/blocks.json). */
export const blocksWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/blocks.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type BlocksKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
