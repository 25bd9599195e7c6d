import type { PagePartnerData, partnerDataScriptId } from '../../partner/browserCatalog.ts';
import type { VitalsRequest } from '../generated/api.ts';

/** The prerendered page's embedded data (a type-only import, so no byte of the catalog comes). */
const dataScriptId: typeof partnerDataScriptId = 'partner-data';

/** Which page, version and partner a page view measures: what POST /api/vitals is tagged with. */
export type PageViewTag = Pick<VitalsRequest, 'partner' | 'page' | 'version'>;

export interface MeasureContext {
  /** The page's embedded partner data (the #partner-data script's text), if any. */
  embeddedText: string | null | undefined;
  /** The address's query string. */
  search: string;
  /** navigator.webdriver: a browser driven by automation (lab tools, scripts). */
  automated: boolean;
}

/**
 * The page view to measure, or undefined when none is: only a page that runs a test the partner's
 * visitors are put in (the page says which version it is, and its partner's experiments are on:
 * `experiments` lists the page only when its experiment cookie is allowed), not a review address
 * (?variant=), not a browser driven by automation. The server checks again and keeps only a
 * counted visitor's view (server/routes/vitals.ts).
 */
export function pageViewToMeasure(context: MeasureContext): PageViewTag | undefined {
  if (context.automated || !context.embeddedText) return undefined;
  if (new URLSearchParams(context.search).has('variant')) return undefined;
  let data: PagePartnerData;
  try {
    data = JSON.parse(context.embeddedText) as PagePartnerData;
  } catch {
    return undefined;
  }
  const { version, experiments } = data;
  if (!version || !experiments?.includes(version.page)) return undefined;
  // An embedded partner names itself; a long page names its file (/partner-data/<id>….json).
  const partner =
    'partner' in data ? data.partner.id : /^\/partner-data\/([a-z0-9-]+)/.exec(data.href)?.[1];
  return partner ? { partner, page: version.page, version: version.id } : undefined;
}

/** The page view to measure in this document (the browser's own context). */
export function thisPageView(): PageViewTag | undefined {
  return pageViewToMeasure({
    embeddedText: document.getElementById(dataScriptId)?.textContent,
    search: window.location.search,
    automated: navigator.webdriver === true,
  });
}
