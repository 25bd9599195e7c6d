import { defaultPartnerId } from './constants.ts';
import { campaignPages } from './pages.ts';
import type { PartnerConfig } from './generated/partner.ts';
import { defaultLanguage, type Language } from '../i18n/languages.ts';
import { partnerLanguages } from './translations.ts';

/**
 * The addresses prerendered at build time, from the partner files alone:
 *  - each partner's landing page and claim-offer index under its id (/demo, /demo/claim-offer),
 *    and its extra campaign pages (/demo/spring-offer);
 *  - the default partner's at the root too (/, /claim-offer);
 *  - for a partner that names host names (spec §2: the host decides before the route), its root
 *    pages rendered for its first host, under _host/<id>/: the server hands those to visitors
 *    arriving on one of its hosts, so they never see another partner's page first.
 * The claim-offer index is rendered without navigation state, i.e. its "start again" message,
 * which is what a visitor opening it directly gets. Each of these is rendered again in every other
 * language the partner lists, under the language's code (/demo/es, /demo/es/claim-offer,
 * _host/<id>/es/; issue 37).
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
  /** The page's language (its address says it: /demo/es). */
  language: Language;
}

/** The address segment of a language: '' for English, '/es' for Spanish. */
export const languageSegment = (language: Language) =>
  language === defaultLanguage ? '' : `/${language}`;

export { defaultPartnerId };
export const hostPagesDir = '_host';

export function pagesToPrerender(partners: readonly PartnerConfig[]): PrerenderPage[] {
  const pages: PrerenderPage[] = [];
  for (const partner of partners)
    for (const language of partnerLanguages(partner)) {
      const segment = languageSegment(language);
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
          language,
        });
      const own = `${partner.id}${segment}`;
      add('landing', `/${own}`, '', own);
      add('claimOffer', `/${own}/claim-offer`, '', `${own}/claim-offer`);
      for (const page of campaignPages(partner)) {
        add('campaign', `/${own}/${page.slug}`, '', `${own}/${page.slug}`, page.key);
      }
      if (partner.id === defaultPartnerId) {
        add('landing', segment || '/', '', segment.slice(1));
        add(
          'claimOffer',
          `${segment}/claim-offer`,
          '',
          `${segment.slice(1)}${segment ? '/' : ''}claim-offer`,
        );
      }
      const host = partner.hosts[0];
      if (host) {
        const dir = `${hostPagesDir}/${partner.id}${segment}`;
        add('landing', segment || '/', host, dir);
        add('claimOffer', `${segment}/claim-offer`, host, `${dir}/claim-offer`);
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
export const variantPartnerDataPath = (
  partnerId: string,
  pageKey: string,
  versionId: string,
  language = 'en',
) =>
  `/partner-data/${encodeURIComponent(partnerId)}/${encodeURIComponent(pageKey)}.${encodeURIComponent(versionId)}${language === 'en' ? '' : `.${language}`}.json`;
