/**
 * `true` when two catalogues have the same keys, else a type error where it is used: each area
 * (src/i18n/areas) asserts it for every translation, so a key missing from Spanish, or one
 * Spanish has that English does not, fails `npm run typecheck`.
 */
export type SameKeys<English, Other> = [Exclude<keyof English, keyof Other>] extends [never]
  ? [Exclude<keyof Other, keyof English | 'default'>] extends [never]
    ? true
    : { extraKeys: Exclude<keyof Other, keyof English | 'default'> }
  : { missingKeys: Exclude<keyof English, keyof Other> };

/** Fails the type check unless `Match` is `true` (the error then names the keys). */
export type Check<Match extends true> = Match;
