import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { maxPictureBytes, pictureTooLarge } from '../src/images/pictureRules.ts';
import {
  copyNames,
  isCopyName,
  optimisePicture,
  optimisedName,
  pairNames,
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
 * file names (pictureStaging.ts), so the original stays out of the repository. The copy of a
 * drawing too costly to stay SVG is its WebP pair, named by its larger file ("logo.2x.webp").
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
  const copies = new Set(names.filter(isCopyName));
  const originals = names.filter((name) => !copies.has(name));
  // The copy a field uses: the optimised copy, else a drawing's WebP pair by its larger file
  // (the smaller one goes with it and is not listed).
  const copyOf = (name: string) =>
    copyNames(name)
      .filter((copy) => !copy.endsWith('.1x.webp'))
      .find((copy) => copies.has(copy));
  const owned = new Set(originals.flatMap((name) => copyNames(name)));
  // A copy whose original is gone is listed as a picture of its own (a pair by its larger file).
  const orphans = [...copies].filter(
    (copy) =>
      !owned.has(copy) &&
      !(copy.endsWith('.1x.webp') && copies.has(copy.replace(/\.1x\.webp$/, '.2x.webp'))),
  );
  return [...originals, ...orphans].sort().map((name) => {
    const copy = copies.has(name) ? undefined : copyOf(name);
    return copy ? { original: file(name), optimised: file(copy) } : { original: file(name) };
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
  // resvg's unwrapped fonts, for drawing a drawing's WebP pair (the build keeps them there too).
  const cacheDir = join(root, 'node_modules', '.cache', 'raster-pictures');

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
     * A detailed drawing for the page is kept with its WebP pair and its minified copy (the pair's
     * source); `inPage: false` (the browser tab's icon) keeps a drawing a drawing.
     */
    async upload(
      id: string,
      fileName: string,
      bytes: Buffer,
      { inPage = true }: { inPage?: boolean } = {},
    ): Promise<Picture> {
      const name = fileName
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        // ".opt." and ".2x.webp" name the copies; an uploaded "logo.opt.png" or "hero.2x.webp"
        // is an original like any other.
        .replace(/\.opt\.(?=[a-z0-9]+$)/, '-opt.')
        .replace(/\.([12]x)\.(?=webp$)/, '-$1.');
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
      const optimised = await optimisePicture(extension, bytes, { cacheDir, inPage }).catch(
        (error: unknown) => {
          if (!(error instanceof PictureError)) throw error;
          throw new StudioError(
            415,
            `"${fileName}" is not a picture the site can use: ${error.message}.`,
          );
        },
      );
      const dir = staging.dir(id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), bytes);
      const original = { path: address(id)(name), bytes: bytes.length };
      // What an earlier upload of this name made is stale, whatever this one makes.
      for (const stale of copyNames(name)) rmSync(join(dir, stale), { force: true });
      if (optimised.oneX) {
        const pair = pairNames(name);
        writeFileSync(join(dir, pair.oneX), optimised.oneX);
        writeFileSync(join(dir, pair.twoX), optimised.bytes);
        if (optimised.source) writeFileSync(join(dir, optimisedName(name)), optimised.source);
        return {
          original,
          optimised: {
            path: address(id)(pair.twoX),
            bytes: optimised.bytes.length,
            width: optimised.width,
            height: optimised.height,
            resized: false,
          },
          staged: true,
        };
      }
      const copy = join(dir, optimisedName(name));
      if (optimised.bytes.length >= bytes.length && !optimised.resized) {
        // Nothing to gain: the original is the picture to use.
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
