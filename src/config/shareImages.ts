/**
 * Where the build writes the raster pictures made from each partner's SVG artwork
 * (tools/images/): a PNG logo for emails (mail programs do not show SVG), a 1200x630 share card
 * per partner and page for og:image (social sites do not show SVG), and the browser tab's icon.
 * The server's emails, the prerender, the app and the generator all take the addresses from here.
 */
export type SharePage = 'landing' | 'claimOffer';

export const sharePages: readonly SharePage[] = ['landing', 'claimOffer'];

/** The size social sites ask for (Open Graph, X's summary_large_image). */
export const shareCardSize = { width: 1200, height: 630 } as const;

/** The email logo: the 240x60 artwork at three times its size, shown at 160px wide or less. */
export const emailLogoSize = { width: 720, height: 180 } as const;

const generatedDir = '/images/generated';

export function emailLogoPath(partnerId: string): string {
  return `${generatedDir}/${partnerId}/logo.png`;
}

export function shareCardPath(partnerId: string, page: SharePage): string {
  return `${generatedDir}/${partnerId}/share-${page === 'landing' ? 'landing' : 'claim-offer'}.png`;
}

/**
 * The favicon a partner's pages show: the partner's own, else the site's, else the product's
 * `/favicon.svg`. Without a partner: the site's (the app shell's).
 */
export function faviconSource(
  site: { faviconSrc?: string },
  partner?: { branding: { faviconSrc?: string } },
): string {
  return partner?.branding.faviconSrc ?? site.faviconSrc ?? '/favicon.svg';
}

/**
 * The tab icon drawn from an SVG favicon, in pixels: sharp at up to four times a tab's 16 px.
 * The browser reads a page's icon in the page's own process: an SVG icon is a document of its own,
 * parsed, laid out and painted on the main thread as the page loads (a 75-95 ms task at 8x CPU
 * slowdown, issue 40), where a 64 px PNG decodes in well under a millisecond.
 */
export const iconSize = 64;

/** Where the build draws an SVG favicon as PNG: a partner's, or without one the site's own. */
export function iconPath(partnerId?: string): string {
  return partnerId === undefined
    ? `${generatedDir}/icon.png`
    : `${generatedDir}/${partnerId}/icon.png`;
}

/**
 * The icon a built page links for a favicon source: an SVG is shown as the PNG drawn from it
 * ({@link iconPath}); a PNG or ICO favicon is already a picture and is linked as it is.
 */
export function builtIconHref(source: string, partnerId?: string): string {
  return source.endsWith('.svg') ? iconPath(partnerId) : source;
}
