import en from '../catalogues/en/shell.json' with { type: 'json' };
import type spanish from '../catalogues/es/shell.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** What every page's frame says (skip link, loading, the error page) (src/i18n/catalogues/<language>/shell.json). */
export const shellWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/shell.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type ShellKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
