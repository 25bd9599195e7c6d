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
import { isOptimisedName, optimisedName } from './optimisePicture.ts';

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
     * picture saved before under the same name is replaced, original and copy alike. Nothing is
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
      // Each upload is its original and its copy: the files of it that the partner file names.
      const uploads = files
        .filter((name) => !isOptimisedName(name))
        .map((name) => ({
          name,
          named: [name, optimisedName(name)].filter(
            (file) => files.includes(file) && refersTo(file),
          ),
        }))
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
          for (const old of [name, optimisedName(name)]) {
            if (isFile(join(saved, old))) move(join(saved, old), join(replaced, old));
          }
          for (const file of named) move(join(staged, file), join(saved, file));
        }
      } catch (error) {
        undo();
        throw error;
      }
      return {
        published: uploads.flatMap(({ named }) => named.map((file) => `/partners/${id}/${file}`)),
        finish: () => rmSync(staged, { recursive: true, force: true }),
        undo,
      };
    },
  };
}

export type PictureStaging = ReturnType<typeof createPictureStaging>;
