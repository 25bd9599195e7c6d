/**
 * Which screenshots prove what (docs/testing.md), as the story generator applies it.
 *
 * - The coverage set (tests/visual/coverage.json): a few partners chosen to cover the theme space.
 *   Each gets every landing section, every extra page's sections and every journey page in each
 *   state, at the config's widths (375, 1024 and 1440 px): they prove the components. Its whole
 *   landing page and each whole extra page are pictured on a phone, as every partner's are (each
 *   of their sections at each width is already its own story).
 * - Every other partner gets only what its file changes, in as few pictures as show it: its whole
 *   landing page on a phone, the first screen a desktop visitor sees (its first landing section),
 *   each extra page it adds on a phone, each section a variant of a page changes on a phone,
 *   and its claim-offer page (its offer, price and button) on a
 *   phone and a desktop. Its other stories are not generated at all: each one would cost Storybook's
 *   index, the accessibility run and Chromatic's snapshots a story per partner, and the toolbar's
 *   Partner global already shows any section of any partner (src/blocks/<Block>/<Block>.stories.tsx).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The committed coverage set. */
export const coverageFile = fileURLToPath(
  new URL('../../tests/visual/coverage.json', import.meta.url),
);

/** Widths of the stories a partner outside the coverage set gets (px). */
export const partnerWidths = {
  fullPage: [375],
  firstBlock: [1440],
  extraPage: [375],
  variantBlock: [375],
  claimOffer: [375, 1440],
} as const satisfies Record<string, readonly number[]>;

/**
 * Widths of the coverage set's journey stories (px): a phone and a desktop. A journey page is one
 * card of capped width in the middle of the window, with no layout change between 1024 and 1440
 * px: its 1024 px picture was the 1440 px one moved sideways, its text a step smaller on the
 * fluid type scale (after aligning, 1.3-5% of the card's pixels differed, all in letters). That
 * scale is pictured at 1024 px by every landing block of the coverage set, so a journey page at
 * 1024 px only took the same work a third time (docs/testing.md, "Visual regression").
 */
export const journeyWidths = [375, 1440] as const satisfies readonly number[];

/**
 * A partner's pages in another language (issue 37) are pictured for the partners the coverage
 * file's "languages" names, in the fewest pictures that show them: the whole landing page and the
 * claim-offer page, on a phone (where the longer Spanish copy wraps the most). The words of every
 * other partner's pages in every language are checked without pictures (tests/unit/i18n).
 */
export const languageWidths = { fullPage: [375], claimOffer: [375] } as const satisfies Record<
  string,
  readonly number[]
>;

/** The languages pictured for each partner ({ "languages": { "lowes": ["es"] } }). */
export function readLanguageCoverage(file: string = coverageFile): Map<string, string[]> {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { languages?: unknown };
  const languages = data.languages ?? {};
  if (typeof languages !== 'object' || languages === null || Array.isArray(languages))
    throw new Error(`${file}: "languages" must map a partner id to a list of language codes`);
  return new Map(
    Object.entries(languages).map(([id, list]) => {
      if (!Array.isArray(list) || !list.every((code) => typeof code === 'string'))
        throw new Error(`${file}: "languages" of "${id}" must be a list of language codes`);
      return [id, list as string[]];
    }),
  );
}

/** The one journey story a partner outside the coverage set gets. */
export const partnerJourneyPage = 'ClaimOffer';

/** The partner ids of a coverage file ({ "partners": { "<id>": "what it covers" } }). */
export function readCoverage(file: string = coverageFile): Set<string> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the visual coverage set (${String(error)})`);
  }
  const partners = (data as { partners?: unknown } | null)?.partners;
  if (typeof partners !== 'object' || partners === null || Array.isArray(partners)) {
    throw new Error(`${file}: "partners" must map each partner id to what it covers`);
  }
  for (const [id, reason] of Object.entries(partners)) {
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new Error(`${file}: say what partner "${id}" covers (a non-empty string)`);
    }
  }
  return new Set(Object.keys(partners));
}
