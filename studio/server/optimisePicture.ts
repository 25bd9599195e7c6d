import sharp from 'sharp';
import { optimize } from 'svgo';
import { maxPictureEdge } from '../src/images/pictureRules.ts';

export { maxPictureEdge };

/**
 * The optimised copy of an uploaded picture, written beside the original (which is kept, so a
 * picture can be optimised again, or differently, from the designer's own file):
 *
 * - SVG: minified by svgo (its default preset, several passes) with scripts removed, since an SVG
 *   opened on its own address runs them;
 * - PNG, JPEG, WebP: turned upright (EXIF orientation), stripped of metadata (camera, place),
 *   shrunk to fit {@link maxPictureEdge} and re-encoded by sharp in the same format: PNG as an
 *   indexed-colour PNG (logos and drawings, transparency kept), JPEG with mozjpeg, WebP lossy.
 *
 * The format stays the same so the copy works wherever the original did: the browsers the site
 * supports, and the build, which draws share cards and email logos from the same file with resvg
 * (tools/images/), which reads SVG, PNG and JPEG.
 */

/**
 * Refuses pictures whose pixels alone would take ~200 MB to decode (a small file can hold that).
 * JPEG may have more: sharp decodes it already shrunk when the copy is smaller, so a 108-megapixel
 * phone photo peaked at about 180 MB and 3 s here (measured while building this).
 */
const maxInputPixels = (extension: string) =>
  extension === 'jpg' || extension === 'jpeg' ? 120_000_000 : 50_000_000;

export interface OptimisedPicture {
  bytes: Buffer;
  /** Pixel size of a raster copy; undefined for SVG. */
  width?: number;
  height?: number;
  /** Whether the picture was shrunk to fit {@link maxPictureEdge}. */
  resized: boolean;
}

/** The name of the copy: "logo.png" -> "logo.opt.png". */
export const optimisedName = (name: string) => name.replace(/\.([a-z0-9]+)$/, '.opt.$1');

/** Whether a file name is an optimised copy ("logo.opt.png"). */
export const isOptimisedName = (name: string) => /\.opt\.[a-z0-9]+$/.test(name);

export class PictureError extends Error {}

export async function optimisePicture(extension: string, bytes: Buffer): Promise<OptimisedPicture> {
  if (extension === 'svg') {
    try {
      const { data } = optimize(bytes.toString('utf8'), {
        multipass: true,
        plugins: ['preset-default', 'removeScripts'],
      });
      return { bytes: Buffer.from(data, 'utf8'), resized: false };
    } catch {
      throw new PictureError('its SVG markup could not be read');
    }
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
