import en from '../catalogues/en/alerts.json' with { type: 'json' };
import type spanish from '../catalogues/es/alerts.json';
import type { Check, SameKeys } from '../sameKeys.ts';
import type { Words } from '../words.ts';

/** The alert's titles, default texts (spec §8) and labels (src/i18n/catalogues/<language>/alerts.json). */
export const alertsWords: Words<typeof en> = {
  en,
  load: { es: () => import('../catalogues/es/alerts.json', { with: { type: 'json' } }) },
};

/** Spanish has exactly English's keys: one missing or one extra fails the type check. */
export type AlertsKeysMatch = Check<SameKeys<typeof en, typeof spanish>>;
