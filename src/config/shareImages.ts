/**
 * Where the build writes the raster pictures made from each partner's SVG artwork
 * (tools/images/): a PNG logo for emails (mail programs do not show SVG) and a 1200x630 share card
 * per partner and page for og:image (social sites do not show SVG). The server's emails, the
 * prerender and the generator all take the addresses from here.
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
