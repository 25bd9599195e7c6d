import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type { SiteConfig } from '../../src/config/generated/site.ts';
import { shareCardContent } from '../../src/config/shareCardContent.ts';
import {
  emailLogoPath,
  emailLogoSize,
  faviconSource,
  iconPath,
  iconSize,
  shareCardPath,
  shareCardSize,
  sharePages,
} from '../../src/config/shareImages.ts';
import { rasterise } from './rasterise.ts';
import { placeArtwork, shareCardSvg, type Artwork } from './shareCard.ts';

const mimeTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** A picture of the public folder (SVG, PNG, JPEG or WebP). */
function readArtwork(publicDir: string, publicPath: string): Artwork {
  // A WebP drawn from an SVG (src/config/pictureRule.ts) has its source beside it: resvg draws
  // SVG, PNG and JPEG, and the drawing is sharper at a card's size.
  const source = publicPath.replace(/\.2x\.webp$/, '.svg');
  if (source !== publicPath && existsSync(join(publicDir, source)))
    return { kind: 'svg', markup: readFileSync(join(publicDir, source), 'utf8') };
  const type = mimeTypes[extname(publicPath).toLowerCase()];
  if (!type)
    throw new Error(`public${publicPath}: share cards take SVG, PNG, JPEG or WebP pictures`);
  const bytes = readFileSync(join(publicDir, publicPath));
  return type === 'image/svg+xml'
    ? { kind: 'svg', markup: bytes.toString('utf8') }
    : { kind: 'raster', dataUri: `data:${type};base64,${bytes.toString('base64')}` };
}

/** A square picture of `size` pixels with the artwork fitted in it (a tab icon). */
function squareSvg(art: Artwork, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${placeArtwork(art, { x: 0, y: 0, width: size, height: size })}</svg>`;
}

/** The logo alone, at the email logo's size (the partner logo's 4:1 box). */
function logoSvg(logo: Artwork): string {
  const { width, height } = emailLogoSize;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${placeArtwork(logo, { x: 0, y: 0, width, height })}</svg>`;
}

export interface GenerateImagesInput {
  partners: readonly PartnerConfig[];
  site: SiteConfig;
  /** The public folder the partner files' picture paths point into. */
  publicDir: string;
  /** The build folder; the pictures go to the paths of src/config/shareImages.ts under it. */
  outDir: string;
  cacheDir: string;
}

/**
 * Every partner's PNG email logo and its share cards (one per prerendered page), from its SVG
 * artwork. Runs at build, from the partner files alone: a new partner gets its pictures with no
 * code change. Returns the paths written.
 */
export function generatePartnerImages(input: GenerateImagesInput): string[] {
  const picture = (publicPath: string) => readArtwork(input.publicDir, publicPath);
  const written: string[] = [];
  const write = (publicPath: string, png: Buffer) => {
    const file = join(input.outDir, publicPath);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, png);
    written.push(publicPath);
  };
  // The tab icons: each SVG favicon as a PNG (src/config/shareImages.ts says why).
  const drawIcon = (source: string, partnerId?: string) => {
    if (!source.endsWith('.svg')) return;
    const png = rasterise(squareSvg(picture(source), iconSize), {
      width: iconSize,
      cacheDir: input.cacheDir,
    });
    write(iconPath(partnerId), png);
  };
  drawIcon(faviconSource(input.site));
  for (const partner of input.partners) {
    drawIcon(faviconSource(input.site, partner), partner.id);
    const logo = picture(partner.branding.logoSrc);
    write(
      emailLogoPath(partner.id),
      rasterise(logoSvg(logo), { width: emailLogoSize.width, cacheDir: input.cacheDir }),
    );
    for (const page of sharePages) {
      const content = shareCardContent(partner, input.site, page);
      const svg = shareCardSvg(content, { logo, picture: picture(content.pictureSrc) });
      write(
        shareCardPath(partner.id, page),
        rasterise(svg, { width: shareCardSize.width, cacheDir: input.cacheDir }),
      );
    }
  }
  return written;
}
