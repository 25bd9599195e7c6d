import { fillPartnerText, fromQuery, withDefaults } from './dynamicText.ts';
import { partnerForVersion } from './experiments.ts';
import type { PartnerConfig } from './generated/partner.ts';
import { withSanitizedHtml } from './sanitizeHtml.ts';

/**
 * The partner as the visitor sees it, built in one place for everything that shows a partner
 * outside the visitor's own browser: the prerender (src/entry-server.tsx, whose HTML and
 * templates the server serves), Storybook's stories and the studio's preview. Browser-safe.
 */
export interface ShownAs {
  /** The page whose version is shown: "landing", "claimOffer" or a campaign page's key. */
  page?: string;
  /**
   * That page's version: a variant's id, or "control". With a page the file has, the partner is
   * that version of that page and every other page's control, without experiments (what a
   * visitor's browser gets); without one, the pages as written.
   */
  version?: string;
  /**
   * The query of the visitor's address ("?city=Boston"), which fills URL-driven copy; absent or
   * '' shows each default. `null` leaves the placeholders for the render to fill (the prerender
   * writes markers around the defaults, which the server's templates fill per visitor).
   */
  query?: string | null;
}

export function partnerAsShown(
  file: PartnerConfig,
  { page, version, query = '' }: ShownAs = {},
): PartnerConfig {
  // Cleaned here too, not only when the files are loaded: the studio shows an unsaved draft.
  const clean = withSanitizedHtml(file);
  const shown =
    page !== undefined && version !== undefined && page in clean.pages
      ? partnerForVersion(clean, page, version)
      : clean;
  if (query === null) return shown;
  return fillPartnerText(shown, query ? fromQuery(query) : withDefaults);
}
