import { defaultPartnerId } from './constants.ts';
import { campaignPages } from './pages.ts';
import type { PartnerConfig } from './generated/partner.ts';

/**
 * The addresses prerendered at build time, from the partner files alone:
 *  - each partner's landing page and claim-offer index under its id (/demo, /demo/claim-offer),
 *    and its extra campaign pages (/demo/spring-offer);
 *  - the default partner's at the root too (/, /claim-offer);
 *  - for a partner that names host names (spec §2: the host decides before the route), its root
 *    pages rendered for its first host, under _host/<id>/: the server hands those to visitors
 *    arriving on one of its hosts, so they never see another partner's page first.
 * The claim-offer index is rendered without navigation state, i.e. its "start again" message,
 * which is what a visitor opening it directly gets.
 */
export interface PrerenderPage {
  partner: string;
  kind: 'landing' | 'claimOffer' | 'campaign';
  /** The page's key in the partner file ("landing", "claimOffer", an extra page's key). */
  pageKey: string;
  path: string;
  hostname: string;
  /** Output file, relative to the build folder. */
  file: string;
}

export { defaultPartnerId };
export const hostPagesDir = '_host';

export function pagesToPrerender(partners: readonly PartnerConfig[]): PrerenderPage[] {
  const pages: PrerenderPage[] = [];
  for (const partner of partners) {
    const add = (
      kind: PrerenderPage['kind'],
      path: string,
      hostname: string,
      dir: string,
      pageKey: string = kind,
    ) =>
      pages.push({
        partner: partner.id,
        kind,
        pageKey,
        path,
        hostname,
        file: dir ? `${dir}/index.html` : 'index.html',
      });
    add('landing', `/${partner.id}`, '', partner.id);
    add('claimOffer', `/${partner.id}/claim-offer`, '', `${partner.id}/claim-offer`);
    for (const page of campaignPages(partner)) {
      add('campaign', `/${partner.id}/${page.slug}`, '', `${partner.id}/${page.slug}`, page.key);
    }
    if (partner.id === defaultPartnerId) {
      add('landing', '/', '', '');
      add('claimOffer', '/claim-offer', '', 'claim-offer');
    }
    const host = partner.hosts[0];
    if (host) {
      add('landing', '/', host, `${hostPagesDir}/${partner.id}`);
      add('claimOffer', '/claim-offer', host, `${hostPagesDir}/${partner.id}/claim-offer`);
    }
  }
  return pages;
}

/** Where a variant of a page is written: beside the page, under _v/<variant id>/ (server/experiments/). */
export const variantDir = '_v';
export const variantFile = (pageFile: string, variantId: string) =>
  pageFile.replace(/index\.html$/, `${variantDir}/${variantId}/index.html`);

/**
 * The partner as a variant of one of its pages shows it, as a file of its own: named by a page
 * too long to embed it, and fetched by the app when it opens that version without the server
 * (the claim-offer page after signup, src/partner/browserCatalog.ts).
 */
export const variantPartnerDataPath = (partnerId: string, pageKey: string, versionId: string) =>
  `/partner-data/${encodeURIComponent(partnerId)}/${encodeURIComponent(pageKey)}.${encodeURIComponent(versionId)}.json`;
