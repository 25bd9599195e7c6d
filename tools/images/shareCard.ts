import type { ShareCardContent } from '../../src/config/shareCardContent.ts';
import { shareCardSize } from '../../src/config/shareImages.ts';

/**
 * The 1200x630 share card of a partner page, as SVG for the rasteriser: the partner's hero
 * picture filling the card, a white panel on the left with its logo, the page's headline and (on
 * the claim-offer card) the offer. Text is set in Atkinson Hyperlegible, the site's own font,
 * which the rasteriser gets from the bundled files (tools/images/rasterise.ts).
 */
export const shareCardFont = 'Atkinson Hyperlegible';

const panel = { x: 48, y: 48, width: 620, height: 534, padding: 48 };

/** A partner picture: SVG markup, or a raster picture as a data: URI. */
export type Artwork = { kind: 'svg'; markup: string } | { kind: 'raster'; dataUri: string };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** preserveAspectRatio; the default fits the whole picture in the box. */
  fit?: string;
}

/**
 * The picture in a box. SVG artwork is set inline as a nested <svg> (its viewBox kept), not as an
 * <image>: the rasteriser draws an <image>'s SVG without the bundled fonts, so a logo's lettering
 * would vanish.
 */
export function placeArtwork(art: Artwork, box: Box): string {
  const fit = box.fit ?? 'xMidYMid meet';
  const place = `x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="${fit}"`;
  if (art.kind === 'raster') return `<image href="${art.dataUri}" ${place}/>`;
  const markup = art.markup.replace(/<\?xml[^>]*>/, '').replace(/<!DOCTYPE[^>]*>/i, '');
  const open = /<svg\b[^>]*>/.exec(markup);
  if (!open) throw new Error('the artwork is not an SVG');
  const tag = open[0];
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const viewBox =
    attribute('viewBox') ??
    `0 0 ${attribute('width') ?? box.width} ${attribute('height') ?? box.height}`;
  // The artwork's own presentation attributes (stroke caps, fills) stay; its size and place go.
  const kept = tag
    .replace(/^<svg/, '')
    .replace(/\/?>$/, '')
    .replace(/\s(x|y|width|height|viewBox|preserveAspectRatio|role|aria-hidden)="[^"]*"/g, '');
  return `<svg ${place} viewBox="${viewBox}"${kept}>${markup.slice(open.index + tag.length)}`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Splits text into lines of at most `maxChars` characters at spaces. SVG does not wrap text; an
 * average bold Atkinson Hyperlegible letter is about 0.55em wide, which sets `maxChars`.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The headline at the largest size (of a few) that fits the panel in at most `maxLines`. */
function headline(title: string, maxLines: number): { size: number; lines: string[] } {
  const inner = panel.width - 2 * panel.padding;
  for (const size of [60, 54, 48, 42, 36]) {
    const lines = wrapText(title, Math.floor(inner / (size * 0.55)));
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: 36, lines: wrapText(title, Math.floor(inner / (36 * 0.55))).slice(0, maxLines) };
}

export function shareCardSvg(
  content: ShareCardContent,
  /** The logo and the picture (tools/images/generate.ts). */
  artwork: { logo: Artwork; picture: Artwork },
): string {
  const { width, height } = shareCardSize;
  const left = panel.x + panel.padding;
  const logoTop = panel.y + panel.padding;
  const { size, lines } = headline(content.title, content.offer ? 3 : 4);
  const lineHeight = Math.round(size * 1.15);
  const titleTop = logoTop + 90 + 48 + size;
  const title = lines
    .map(
      (line, index) =>
        `<tspan x="${left}" y="${titleTop + index * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const bottom = panel.y + panel.height - panel.padding;
  const offer = content.offer
    ? `<text x="${left}" y="${bottom - 56}" font-family="${shareCardFont}" font-weight="700" font-size="26" fill="${content.textColor}">${escapeXml(content.offer.badge)}</text>
<text x="${left}" y="${bottom}" font-family="${shareCardFont}" font-weight="700" font-size="44" fill="${content.brandColor}">${escapeXml(content.offer.price)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${content.tintColor}"/>
${placeArtwork(artwork.picture, { x: 0, y: 0, width, height, fit: 'xMaxYMid slice' })}
<rect x="${panel.x}" y="${panel.y}" width="${panel.width}" height="${panel.height}" rx="28" fill="#FFFFFF"/>
${placeArtwork(artwork.logo, { x: left - 6, y: logoTop, width: 360, height: 90 })}
<rect x="${left}" y="${logoTop + 90 + 20}" width="96" height="8" rx="4" fill="${content.brandColor}"/>
<text font-family="${shareCardFont}" font-weight="700" font-size="${size}" fill="${content.textColor}">${title}</text>
${offer}
</svg>`;
}
