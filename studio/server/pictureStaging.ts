import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { copyNames, isCopyName, optimisedName, pairNames } from './optimisePicture.ts';

/**
 * Pictures uploaded with a draft wait here until the partner is saved, so nothing lands in
 * public/ (which the site serves and git tracks) for a draft that is never saved.
 *
 * Where: {project}/.studio/pictures/{partner id}/ (git-ignored). Inside the project, not the
 * system's temporary folder, because a draft outlives the studio (the browser keeps it across
 * restarts and reboots, which may empty /tmp), and because it is then on the same disk as
 * public/, so a save moves a picture with a rename instead of a copy. One folder per partner, so
 * saving or discarding one partner never touches another's uploads.
 */
export const stagingFolder = join('.studio', 'pictures');

/** A staging folder unused this long (no upload, the partner not opened) is removed at start. */
export const stagingMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/** Where files replaced by a save wait until the partner file is written (to undo a failure). */
const replacedFolder = '.replaced';

/** Pictures moved into public/ by a save, until the partner file is written too. */
export interface Publication {
  /** The public paths of the pictures moved. */
  published: string[];
  /** The partner file is written: forget the replaced files and the staged pictures left over. */
  finish(): void;
  /** The partner file could not be written: public/ and staging as they were before. */
  undo(): void;
}

export function createPictureStaging(root: string) {
  const stagingRoot = join(root, stagingFolder);
  const dir = (id: string) => join(stagingRoot, id);
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

  return {
    dir,

    /** The partner is being edited: its staging is not stale. */
    touch(id: string) {
      if (existsSync(dir(id))) {
        const now = new Date();
        utimesSync(dir(id), now, now);
      }
    },

    /** The staged file at a picture's public address (/partners/{id}/{name}), if any. */
    file(publicPath: string): string | undefined {
      const match = /^\/partners\/([a-z0-9-]+)\/([a-z0-9][a-z0-9._-]*)$/.exec(publicPath);
      if (!match?.[1] || !match[2]) return undefined;
      const file = join(dir(match[1]), match[2]);
      return isFile(file) ? file : undefined;
    },

    /** Drops every picture staged for the partner ("Discard my changes"). */
    drop(id: string) {
      rmSync(dir(id), { recursive: true, force: true });
    },

    /** Removes the staging of partners not opened and given no upload for `maxAgeMs`. */
    removeStale(now = Date.now(), maxAgeMs = stagingMaxAgeMs): string[] {
      if (!existsSync(stagingRoot)) return [];
      const stale = readdirSync(stagingRoot).filter((id) => {
        const stat = statSync(join(stagingRoot, id));
        return stat.isDirectory() && now - stat.mtimeMs > maxAgeMs;
      });
      for (const id of stale) rmSync(join(stagingRoot, id), { recursive: true, force: true });
      return stale;
    },

    /**
     * Moves the staged pictures the partner file `text` refers to into public/partners/{id}/:
     * only the files it names. A field set by an upload names the optimised copy, so the copy is
     * published and the original (a 5 MB photo beside its 1.4 MB copy) stays out of the
     * repository, dropped with the staging; a file that names an original gets the original. A
     * drawing's WebP pair ("logo.2x.webp", named by the file) is published whole, with the drawing
     * it was drawn from as "logo.svg" (its minified copy, without scripts; the build draws share
     * cards and email logos from it: tools/images/). A picture saved before under the same name is
     * replaced, original and copies alike, except a file the partner file still names. Nothing is
     * lost until `finish`: `undo` puts every file back.
     */
    publish(id: string, text: string): Publication {
      const staged = dir(id);
      const saved = join(root, 'public', 'partners', id);
      const replaced = join(staged, replacedFolder);
      const files = existsSync(staged)
        ? readdirSync(staged).filter((name) => isFile(join(staged, name)))
        : [];
      const refersTo = (name: string) =>
        new RegExp(`/partners/${id}/${name.replace(/\./g, '\\.')}(?![a-z0-9._-])`).test(text);
      // Each upload is its original and its copies: the files of it that the partner file names
      // (each published under its own name), and what a named pair brings along.
      const uploads = files
        .filter((name) => !isCopyName(name))
        .map((name) => {
          const named = [name, ...copyNames(name)]
            .filter((file) => files.includes(file) && refersTo(file))
            .map((file) => ({ from: file, to: file }));
          const pair = pairNames(name);
          const source = optimisedName(name);
          const publishes = (file: string) => named.some(({ to }) => to === file);
          if (name.endsWith('.svg') && publishes(pair.twoX)) {
            if (files.includes(pair.oneX)) named.push({ from: pair.oneX, to: pair.oneX });
            // The drawing beside its pair, as the build looks for it ("logo.svg"): the minified
            // copy without scripts, unless the file names the original or that copy itself.
            if (files.includes(source) && !publishes(name) && !publishes(source))
              named.push({ from: source, to: name });
          }
          return { name, named };
        })
        .filter((upload) => upload.named.length > 0);

      // Each step, so a failure part-way can be undone in reverse.
      const done: { from: string; to: string }[] = [];
      const move = (from: string, to: string) => {
        renameSync(from, to);
        done.push({ from, to });
      };
      // Folders made for the save go too when it is undone (a new partner had none in public/).
      const made = [replaced, ...(existsSync(saved) ? [] : [saved])];
      const undo = () => {
        for (const { from, to } of done.reverse()) renameSync(to, from);
        done.length = 0;
        for (const folder of made) rmSync(folder, { recursive: true, force: true });
      };
      try {
        if (uploads.length > 0) {
          mkdirSync(saved, { recursive: true });
          mkdirSync(replaced, { recursive: true });
        }
        for (const { name, named } of uploads) {
          // The saved files of this name go, except one the file still names and this upload
          // does not replace (a field may keep the old pair while another takes the new copy).
          for (const old of [name, ...copyNames(name)]) {
            const kept = !named.some(({ to }) => to === old) && refersTo(old);
            if (!kept && isFile(join(saved, old))) move(join(saved, old), join(replaced, old));
          }
          for (const { from, to } of named) move(join(staged, from), join(saved, to));
        }
      } catch (error) {
        undo();
        throw error;
      }
      return {
        published: uploads.flatMap(({ named }) => named.map(({ to }) => `/partners/${id}/${to}`)),
        finish: () => rmSync(staged, { recursive: true, force: true }),
        undo,
      };
    },
  };
}

export type PictureStaging = ReturnType<typeof createPictureStaging>;
