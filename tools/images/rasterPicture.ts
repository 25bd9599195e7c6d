import sharp from 'sharp';
import { maxPictureEdge } from '../../studio/src/images/pictureRules.ts';
import { rasterise } from './rasterise.ts';

/**
 * An SVG picture drawn as the WebP pair the site shows instead (src/config/pictureRule.ts): at
 * the size the SVG declares (the size its place on the page shows it at) and at twice that, for
 * screens of double density. Drawn by resvg with the bundled fonts (the same drawing as the share
 * cards), encoded by sharp.
 */
export interface RasterPair {
  /** At the size shown: "x.1x.webp". */
  oneX: Buffer;
  /** At twice the size shown: "x.2x.webp". */
  twoX: Buffer;
  width: number;
  height: number;
}

/** The declared width of an SVG (its width attribute, else its viewBox's), in CSS pixels. */
export function svgWidth(markup: string): number {
  const root = /<svg\b[^>]*>/.exec(markup)?.[0] ?? '';
  const width = /\swidth="([\d.]+)(?:px)?"/.exec(root)?.[1];
  if (width) return Number(width);
  const viewBox = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)/.exec(root)?.[1];
  if (viewBox) return Number(viewBox);
  throw new Error('the SVG declares neither a width nor a viewBox');
}

export async function rasterPair(markup: string, cacheDir: string): Promise<RasterPair> {
  const width = Math.round(svgWidth(markup));
  const encode = async (pixelWidth: number) => {
    const png = rasterise(markup, { width: Math.min(pixelWidth, maxPictureEdge), cacheDir });
    return sharp(png).webp({ quality: 82, effort: 6 }).toBuffer({ resolveWithObject: true });
  };
  const oneX = await encode(width);
  const twoX = await encode(width * 2);
  return { oneX: oneX.data, twoX: twoX.data, width: oneX.info.width, height: oneX.info.height };
}
