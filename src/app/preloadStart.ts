import type { partnerDataScriptId } from '../partner/browserCatalog.ts';
import { linkStylesheet, listed } from '../ui/stylesheet.ts';

/**
 * Fetches, side by side, what the app starts with, once it is needed (src/main.tsx): the chunks
 * the prerender listed on the boot script (`data-preload`, tools/prerender/html.ts) and a long
 * page's partner file (its `#partner-data` names it). Otherwise each dynamic import would find
 * the next one's chunks only after its own arrived. Nothing before: a visitor who only reads
 * fetches none of it.
 *
 * A prerendered page inlines only the rules its own HTML uses (tools/prerender/usedCss.ts); the
 * list then names the whole stylesheet too, linked here. The promise resolves once it has
 * arrived (or failed: the page's own rules still hold), so the app renders nothing the inline
 * rules do not cover before it.
 */
export function preloadStart(doc: Document = document): Promise<unknown> {
  const links: [rel: string, href: string][] = listed(doc)
    .filter((href) => !href.endsWith('.css'))
    .map((href) => ['modulepreload', href]);
  // The page's embedded partner data: the id written out (a constant of its own cost 5 B of every
  // first load), checked against the catalog's by the compiler.
  const reference = /^{"href":"([^"]+)"/.exec(
    doc.getElementById('partner-data' satisfies typeof partnerDataScriptId)?.textContent ?? '',
  );
  if (reference?.[1]) links.push(['preload', reference[1]]);
  for (const [rel, href] of links) {
    const link = doc.createElement('link');
    link.rel = rel;
    // The same request mode as the import and the fetch that use them (anonymous CORS).
    link.crossOrigin = 'anonymous';
    if (rel === 'preload') link.as = 'fetch';
    link.href = href;
    doc.head.append(link);
  }
  return linkStylesheet(doc);
}
