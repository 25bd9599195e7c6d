import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isOptimisedName,
  optimisedName,
  optimisePicture,
  PictureError,
} from './optimisePicture.ts';
import { StudioError } from './studioError.ts';

/*
 * A partner's pictures in public/partners/{id}/: listed with their optimised copies, and uploads
 * checked (name, format, size, bytes) before they are stored. The partner id is checked by the
 * workspace before it asks.
 */

/** Pictures the studio accepts, by extension, with the bytes each format starts with. */
const imageFormats: Record<string, (bytes: Buffer) => boolean> = {
  svg: (bytes) => /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8')),
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  jpg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  jpeg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  webp: (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Largest picture accepted: big enough for a 1440 px hero, small enough to keep pages fast. */
export const maxImageBytes = 1024 * 1024;

/** One file of public/partners/{id}/: its public path and its size in bytes. */
export interface PictureFile {
  path: string;
  bytes: number;
}

/**
 * An uploaded picture: the file as uploaded, and its optimised copy beside it (optimisePicture.ts)
 * when that is smaller. Picture fields should use the copy; the original stays as the source.
 */
export interface Picture {
  original: PictureFile;
  optimised?: PictureFile & { width?: number; height?: number; resized?: boolean };
}

export function createPictures(publicDir: string) {
  return {
    /** The pictures in public/partners/{id}/, each with its optimised copy when there is one. */
    images(id: string): Picture[] {
      const dir = join(publicDir, 'partners', id);
      if (!existsSync(dir)) return [];
      const file = (name: string): PictureFile => ({
        path: `/partners/${id}/${name}`,
        bytes: statSync(join(dir, name)).size,
      });
      const names = readdirSync(dir).filter(
        (name) => statSync(join(dir, name)).isFile() && extensionOf(name) in imageFormats,
      );
      const copies = new Set(names.filter(isOptimisedName));
      const originals = names.filter((name) => !copies.has(name));
      // A copy whose original is gone is listed as a picture of its own.
      const orphans = [...copies].filter(
        (copy) => !originals.some((n) => optimisedName(n) === copy),
      );
      return [...originals, ...orphans].sort().map((name) => {
        const copy = optimisedName(name);
        return copies.has(copy) && name !== copy
          ? { original: file(name), optimised: file(copy) }
          : { original: file(name) };
      });
    },

    /**
     * Stores an uploaded picture in public/partners/{id}/ after checking its name, size and bytes,
     * and writes its optimised copy beside it ("logo.png" -> "logo.opt.png") when that is smaller.
     */
    async upload(id: string, fileName: string, bytes: Buffer): Promise<Picture> {
      const name = fileName
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        // ".opt." names the copies; an uploaded "logo.opt.png" is an original like any other.
        .replace(/\.opt\.(?=[a-z0-9]+$)/, '-opt.');
      const extension = extensionOf(name);
      const matches = imageFormats[extension];
      if (!matches || !/^[a-z0-9][a-z0-9._-]*$/.test(name)) {
        throw new StudioError(
          415,
          `"${fileName}" is not a picture the site can use: upload an SVG, PNG, JPEG or WebP file.`,
        );
      }
      if (bytes.length > maxImageBytes) {
        throw new StudioError(
          413,
          `"${fileName}" is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; pictures may be at most 1 MB. Make it smaller (export it at the size it is shown, or as WebP) and try again.`,
        );
      }
      if (!matches(bytes)) {
        throw new StudioError(
          415,
          `"${fileName}" is named .${extension} but its content is not a ${extension.toUpperCase()} picture.`,
        );
      }
      const optimised = await optimisePicture(extension, bytes).catch((error: unknown) => {
        if (!(error instanceof PictureError)) throw error;
        throw new StudioError(
          415,
          `"${fileName}" is not a picture the site can use: ${error.message}.`,
        );
      });
      const dir = join(publicDir, 'partners', id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), bytes);
      const original = { path: `/partners/${id}/${name}`, bytes: bytes.length };
      const copy = join(dir, optimisedName(name));
      if (optimised.bytes.length >= bytes.length && !optimised.resized) {
        // Nothing to gain: the original is the picture to use (and an older copy is stale).
        rmSync(copy, { force: true });
        return { original };
      }
      writeFileSync(copy, optimised.bytes);
      return {
        original,
        optimised: {
          path: `/partners/${id}/${optimisedName(name)}`,
          bytes: optimised.bytes.length,
          width: optimised.width,
          height: optimised.height,
          resized: optimised.resized,
        },
      };
    },
  };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
