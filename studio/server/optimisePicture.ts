import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { optimize } from 'svgo';
import { svgStaysSvg } from '../../src/config/pictureRule.ts';
import { rasterPair, svgWidth } from '../../tools/images/rasterPicture.ts';
import { maxPictureEdge } from '../src/images/pictureRules.ts';

export { maxPictureEdge };

/**
 * The optimised copy of an uploaded picture, written beside the original (which is kept, so a
 * picture can be optimised again, or differently, from the designer's own file):
 *
 * - SVG: minified by svgo (its default preset, several passes) with scripts removed, since an SVG
 *   opened on its own address runs them. A drawing that is not small and simple enough to stay SVG
 *   in a page (src/config/pictureRule.ts: the browser builds a document for each SVG picture on
 *   the main thread) is drawn instead as the WebP pair the site shows, "logo.2x.webp" at twice
 *   the size the SVG declares and "logo.1x.webp" at that size, exactly as
 *   tools/images/rasterisePublic.ts draws the pictures of the partner files;
 * - PNG, JPEG, WebP: turned upright (EXIF orientation), stripped of metadata (camera, place),
 *   shrunk to fit {@link maxPictureEdge} and re-encoded by sharp in the same format: PNG as an
 *   indexed-colour PNG (logos and drawings, transparency kept), JPEG with mozjpeg, WebP lossy.
 *
 * Otherwise the format stays the same so the copy works wherever the original did: the browsers
 * the site supports, and the build, which draws share cards and email logos from the same file
 * with resvg (tools/images/), which reads SVG, PNG and JPEG (for a WebP pair it reads the SVG
 * beside it, published with the pair: pictureStaging.ts).
 */

/**
 * Refuses pictures whose pixels alone would take ~200 MB to decode (a small file can hold that).
 * JPEG may have more: sharp decodes it already shrunk when the copy is smaller, so a 108-megapixel
 * phone photo peaked at about 180 MB and 3 s here (measured while building this).
 */
const maxInputPixels = (extension: string) =>
  extension === 'jpg' || extension === 'jpeg' ? 120_000_000 : 50_000_000;

export interface OptimisedPicture {
  /** The copy; for a drawing drawn as a WebP pair, its larger file ("x.2x.webp"). */
  bytes: Buffer;
  /** Pixel size of a raster copy (of a pair: the size shown, its smaller file's); undefined for SVG. */
  width?: number;
  height?: number;
  /** Whether the picture was shrunk to fit {@link maxPictureEdge}. */
  resized: boolean;
  /** A drawing drawn as a WebP pair: its smaller file, at the size shown ("x.1x.webp"). */
  oneX?: Buffer;
  /** A drawing drawn as a WebP pair: the minified drawing it was drawn from (the build's source). */
  source?: Buffer;
}

/** The name of the copy: "logo.png" -> "logo.opt.png". */
export const optimisedName = (name: string) => name.replace(/\.([a-z0-9]+)$/, '.opt.$1');

/** Whether a file name is an optimised copy ("logo.opt.png"). */
export const isOptimisedName = (name: string) => /\.opt\.[a-z0-9]+$/.test(name);

/** The WebP pair drawn from a drawing: "logo.svg" -> "logo.2x.webp" and "logo.1x.webp". */
export const pairNames = (name: string) => {
  const base = name.replace(/\.svg$/, '');
  return { twoX: `${base}.2x.webp`, oneX: `${base}.1x.webp` };
};

/** Whether a file name is one of a WebP pair ("logo.2x.webp", "logo.1x.webp"). */
export const isPairName = (name: string) => /\.[12]x\.webp$/.test(name);

/** Whether the studio made this file from an upload (an optimised copy or one of a pair). */
export const isCopyName = (name: string) => isOptimisedName(name) || isPairName(name);

/**
 * Every file the studio may make from an upload of this name, the one a field uses first: for a
 * drawing its WebP pair's larger file, then the optimised copy (of a drawing drawn as a pair, the
 * source published beside it), then the pair's smaller file.
 */
export function copyNames(name: string): string[] {
  if (!name.endsWith('.svg')) return [optimisedName(name)];
  const { twoX, oneX } = pairNames(name);
  return [twoX, optimisedName(name), oneX];
}

export class PictureError extends Error {}

/** Where resvg's unwrapped copies of the bundled fonts are kept (tools/images/rasterise.ts). */
const defaultCacheDir = join(tmpdir(), 'studio-raster-pictures');

export interface OptimiseOptions {
  /** Where resvg's unwrapped fonts are kept. */
  cacheDir?: string;
  /**
   * False for the browser tab's icon: no picture in the page (the build draws it as a PNG from
   * the drawing: src/config/shareImages.ts), so a drawing stays a drawing.
   */
  inPage?: boolean;
}

export async function optimisePicture(
  extension: string,
  bytes: Buffer,
  { cacheDir = defaultCacheDir, inPage = true }: OptimiseOptions = {},
): Promise<OptimisedPicture> {
  if (extension === 'svg') {
    let markup: string;
    try {
      markup = optimize(bytes.toString('utf8'), {
        multipass: true,
        plugins: ['preset-default', 'removeScripts'],
      }).data;
    } catch {
      throw new PictureError('its SVG markup could not be read');
    }
    const minified = Buffer.from(markup, 'utf8');
    if (!inPage || svgStaysSvg(markup)) return { bytes: minified, resized: false };
    return { ...(await drawAsPair(markup, cacheDir)), source: minified };
  }
  try {
    return await shrinkAndEncode(extension, bytes);
  } catch (error) {
    throw new PictureError(
      /pixel limit/i.test(String(error))
        ? `it has more than ${maxInputPixels(extension) / 1_000_000} million pixels`
        : 'its content could not be read as a picture',
    );
  }
}

/** A drawing too costly to stay SVG in a page, drawn as its WebP pair. */
async function drawAsPair(markup: string, cacheDir: string): Promise<OptimisedPicture> {
  // The pair is drawn at the size the SVG declares (rasterPicture.ts reads it the same way).
  try {
    svgWidth(markup);
  } catch {
    throw new PictureError(
      'the drawing does not say its size. Export it again with a width and height, or a viewBox',
    );
  }
  try {
    const pair = await rasterPair(markup, cacheDir);
    return {
      bytes: pair.twoX,
      oneX: pair.oneX,
      width: pair.width,
      height: pair.height,
      resized: false,
    };
  } catch {
    throw new PictureError('its drawing could not be drawn as a picture');
  }
}

async function shrinkAndEncode(extension: string, bytes: Buffer): Promise<OptimisedPicture> {
  let image = sharp(bytes, { limitInputPixels: maxInputPixels(extension) }).autoOrient();
  // The size once turned upright.
  const { width, height } = (await image.metadata()).autoOrient;
  const resized = Math.max(width, height) > maxPictureEdge;
  if (resized) {
    image = image.resize({ width: maxPictureEdge, height: maxPictureEdge, fit: 'inside' });
  }
  const encoded =
    extension === 'png'
      ? image.png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
      : extension === 'webp'
        ? image.webp({ quality: 80, effort: 5 })
        : image.jpeg({ quality: 80, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, resized };
}
