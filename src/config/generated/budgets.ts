/* eslint-disable */
/**
 * GENERATED from schemas/budgets.schema.json by tools/generate-types.ts. Do not edit: change the schema and run
 * `npm run schemas:types`.
 */

/**
 * Performance budgets of the prerendered pages (config/budgets.json). Byte limits are checked from the build output by `npm test` (tests/e2e/budgets.test.ts); every limit is checked by `npm run bench`, which exits non-zero when a page is over.
 */
export interface PerformanceBudgets {
  /**
   * Path to this schema, so that editors can autocomplete and check the file.
   */
  $schema?: string;
  /**
   * The most JavaScript a page may load before any interaction (the scripts it names: boot script, entry, preloads, and the chunks it runs at once), summed over its files, per kind of page: a partner's landing page (and its host page), its claim-offer page opened by a link, its extra campaign pages.
   */
  firstLoadJs: {
    landing: ByteLimits;
    claimOffer: ByteLimits;
    campaign: ByteLimits;
  };
  /**
   * Limits on what Lighthouse (mobile) measures in `npm run bench`; they vary with the host, so only the bench checks them.
   */
  lab: {
    /**
     * The fewest Lighthouse runs per page whose median TBT is kept.
     */
    runs: number;
    /**
     * The most Total Blocking Time a page may have, median of its runs, in milliseconds.
     */
    tbtMedianMs: number;
    /**
     * The lowest Lighthouse performance score (0 to 100) of a page's median run.
     */
    performanceMin: number;
    /**
     * The most a page's LCP may be against its script-free floor (the same page without scripts, served the same way), as a ratio.
     */
    lcpOverFloorMax: number;
    /**
     * The most Cumulative Layout Shift a page may have.
     */
    clsMax: number;
  };
}
/**
 * Limits in bytes on one kind of page.
 */
export interface ByteLimits {
  /**
   * Bytes transferred: the .br files the server sends (the build writes one beside every asset).
   */
  brotliBytes: number;
  /**
   * The same files gzipped (level 9), for browsers that do not take brotli.
   */
  gzipBytes: number;
}
