import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { maxPictureBytes, pictureTooLarge } from '../src/images/pictureRules.ts';
import {
  isOptimisedName,
  optimisedName,
  optimisePicture,
  PictureError,
} from './optimisePicture.ts';
import { createPictureStaging } from './pictureStaging.ts';
import { StudioError } from './studioError.ts';

/** One picture file: its public path and its size in bytes. */
export interface PictureFile {
  path: string;
  bytes: number;
}

/**
 * An uploaded picture: the file as uploaded, and its optimised copy beside it (optimisePicture.ts)
 * when that is smaller. Picture fields use the copy, and a save publishes only the files the partner
 * file names (pictureStaging.ts), so the original stays out of the repository.
 * `staged`: uploaded with the draft and not saved yet (pictureStaging.ts).
 */
export interface Picture {
  original: PictureFile;
  optimised?: PictureFile & { width?: number; height?: number; resized?: boolean };
  staged?: true;
}

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

export const isPictureName = (name: string) => extensionOf(name) in imageFormats;

/**
 * The pictures of one folder (public/partners/{id}/ or its staging), each original with its
 * optimised copy; `path` gives the public address of a file name.
 */
export function picturesIn(dir: string, path: (name: string) => string): Picture[] {
  if (!existsSync(dir)) return [];
  const file = (name: string): PictureFile => ({
    path: path(name),
    bytes: statSync(join(dir, name)).size,
  });
  const names = readdirSync(dir).filter(
    (name) => statSync(join(dir, name)).isFile() && isPictureName(name),
  );
  const copies = new Set(names.filter(isOptimisedName));
  const originals = names.filter((name) => !copies.has(name));
  // A copy whose original is gone is listed as a picture of its own.
  const orphans = [...copies].filter((copy) => !originals.some((n) => optimisedName(n) === copy));
  return [...originals, ...orphans].sort().map((name) => {
    const copy = optimisedName(name);
    return copies.has(copy) && name !== copy
      ? { original: file(name), optimised: file(copy) }
      : { original: file(name) };
  });
}

/**
 * A partner's pictures: those saved in public/partners/{id}/ and those uploaded with the draft,
 * kept in the staging area until the partner is saved (pictureStaging.ts).
 */
export function createPictures(root: string) {
  const publicDir = join(root, 'public');
  const staging = createPictureStaging(root);
  const savedDir = (id: string) => join(publicDir, 'partners', id);
  const address = (id: string) => (name: string) => `/partners/${id}/${name}`;

  return {
    staging,

    /** Saved and staged pictures by name; a staged one replaces a saved one of the same name. */
    list(id: string): Picture[] {
      staging.touch(id);
      const staged = picturesIn(staging.dir(id), address(id)).map((picture): Picture => ({
        ...picture,
        staged: true,
      }));
      const replaced = new Set(staged.map((picture) => picture.original.path));
      return [
        ...picturesIn(savedDir(id), address(id)).filter(
          (picture) => !replaced.has(picture.original.path),
        ),
        ...staged,
      ].sort((a, b) => a.original.path.localeCompare(b.original.path));
    },

    /** The file a public path names: a staged picture first, then public/. */
    file(publicPath: string): string | undefined {
      const path = decodeURIComponent(publicPath.split('?')[0] ?? '');
      if (path.includes('..') || !/^\/[A-Za-z0-9._/-]+$/.test(path)) return undefined;
      const staged = staging.file(path);
      if (staged) return staged;
      const file = join(publicDir, path);
      return existsSync(file) && statSync(file).isFile() ? file : undefined;
    },

    /**
     * Checks an upload's name, size and bytes and keeps it, with its optimised copy ("logo.png" ->
     * "logo.opt.png") when that is smaller, in the partner's staging until the partner is saved.
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
      if (bytes.length > maxPictureBytes) throw new StudioError(413, pictureTooLarge(bytes.length));
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
      const dir = staging.dir(id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), bytes);
      const original = { path: address(id)(name), bytes: bytes.length };
      const copy = join(dir, optimisedName(name));
      if (optimised.bytes.length >= bytes.length && !optimised.resized) {
        // Nothing to gain: the original is the picture to use (and an older copy is stale).
        rmSync(copy, { force: true });
        return { original, staged: true };
      }
      writeFileSync(copy, optimised.bytes);
      return {
        original,
        optimised: {
          path: address(id)(optimisedName(name)),
          bytes: optimised.bytes.length,
          width: optimised.width,
          height: optimised.height,
          resized: optimised.resized,
        },
        staged: true,
      };
    },
  };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
