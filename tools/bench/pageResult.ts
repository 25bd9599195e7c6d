import type { PrerenderPage } from '../prerender/pages.ts';
import type { PageAudit } from './lighthouse.ts';

/**
 * One partner page's measurement, as bench.ts takes it and table.ts shows it. In its own module so
 * the two import it without importing each other.
 */
export interface PageResult {
  partner: string;
  page: PrerenderPage['kind'];
  path: string;
  audit: PageAudit;
  /** Total Blocking Time of each Lighthouse run of the page. */
  tbtRunsMs: number[];
  floor: PageAudit;
  lcpRatio: number;
  /** The JavaScript the page names before any interaction, from the build output. */
  firstLoad: { gzipBytes: number; brotliBytes: number };
  /** Where the page is over config/budgets.json (bytes and lab figures); empty when within. */
  overBudget: string[];
}
