import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { checkConfig, type Problem } from '../../src/config/node/validation/checkConfig.ts';
import { siteAddressUse } from '../../src/config/siteAddresses.ts';
import { partnerIdPattern } from '../src/schema/limits.ts';
import { lineDiff, type DiffLine } from './lineDiff.ts';
import { createPictures, type Picture, type PictureFile } from './pictures.ts';
import { StudioError } from './studioError.ts';

/**
 * The files the Partner Studio reads and writes, under one project folder (the repository, or a
 * temporary copy in the tests): partners/*.json, config/site.json and public/. Every write goes
 * through here, and only after the same check as `npm run partners:check`.
 */
export type { Picture, PictureFile, Problem };
export { StudioError };

export { partnerIdPattern };

/** Partners a new one may start from: a full copy of their file under a new id. */
export const templateIds = ['demo', 'default'] as const;

export const hashText = (text: string) => createHash('sha256').update(text).digest('hex');

export interface PartnerSummary {
  id: string;
  name: string;
}

export interface PartnerFile {
  id: string;
  text: string;
  hash: string;
}

export interface PreparedSave {
  /** The file as it would be written (prettier-formatted). */
  text: string;
  /** The change against the file on disk (every line added for a new file). */
  diff: DiffLine[];
  problems: Problem[];
  /** The hash of the file on disk now, or null when there is none. */
  diskHash: string | null;
}

export function createWorkspace(root: string) {
  const partnersDir = join(root, 'partners');
  const pictures = createPictures(root);
  const partnerPath = (id: string) => join(partnersDir, `${id}.json`);

  const assertId = (id: string) => {
    if (!partnerIdPattern.test(id)) {
      throw new StudioError(
        400,
        `"${id}" cannot be a partner id: use lower-case letters, digits and single dashes, like "cor-freedom"`,
      );
    }
  };

  const partnerIds = () =>
    readdirSync(partnersDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort();

  const readText = (id: string): string | null =>
    existsSync(partnerPath(id)) ? readFileSync(partnerPath(id), 'utf8') : null;

  /** checkConfig over every file on disk, with this one replaced by (or added as) the draft. */
  /** The checker's problems and warnings of this partner's file, with every other file on disk. */
  function checkAll(id: string, text: string): { problems: Problem[]; warnings: Problem[] } {
    const path = `partners/${id}.json`;
    const others = partnerIds()
      .filter((other) => other !== id)
      .map((other) => ({ path: `partners/${other}.json`, text: readText(other) ?? '' }));
    const { problems, warnings } = checkConfig({
      partnerFiles: [...others, { path, text }],
      siteFile: {
        path: 'config/site.json',
        text: readFileSync(join(root, 'config', 'site.json'), 'utf8'),
      },
      // A picture uploaded with the draft counts: the save publishes it with the file.
      assetExists: (publicPath) => pictures.file(publicPath) !== undefined,
    });
    const mine = (list: Problem[]) => list.filter((problem) => problem.file === path);
    return { problems: mine(problems), warnings: mine(warnings) };
  }

  const check = (id: string, text: string): Problem[] => checkAll(id, text).problems;

  async function format(id: string, data: unknown): Promise<string> {
    const options = (await prettier.resolveConfig(partnerPath(id))) ?? {};
    return prettier.format(JSON.stringify(data), { ...options, filepath: partnerPath(id) });
  }

  return {
    root,
    list(): PartnerSummary[] {
      return partnerIds().map((id) => {
        let name = id;
        try {
          const parsed = JSON.parse(readText(id) ?? '{}') as { name?: unknown };
          if (typeof parsed.name === 'string') name = parsed.name;
        } catch {
          // A broken file still appears, under its id, so it can be opened and fixed.
        }
        return { id, name };
      });
    },

    read(id: string): PartnerFile {
      assertId(id);
      const text = readText(id);
      if (text === null)
        throw new StudioError(404, `There is no partner file partners/${id}.json.`);
      return { id, text, hash: hashText(text) };
    },

    /** A new partner's first draft: the template's file under the new id. Nothing is written. */
    createDraft(id: string, template: string): Record<string, unknown> {
      assertId(id);
      const use = siteAddressUse(id);
      if (use !== undefined) {
        throw new StudioError(
          400,
          `"${id}" cannot be a partner id: the address /${id} belongs to ${use}; choose another, such as "${id}-homes"`,
        );
      }
      if (existsSync(partnerPath(id))) {
        throw new StudioError(
          409,
          `A partner with the id "${id}" already exists (partners/${id}.json); pick another id or open it from the list.`,
        );
      }
      if (!(templateIds as readonly string[]).includes(template)) {
        throw new StudioError(400, `"${template}" is not a template; use demo or default.`);
      }
      const source = JSON.parse(this.read(template).text) as Record<string, unknown>;
      const name = id
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ');
      const branding = { ...(source.branding as Record<string, unknown>), logoAlt: name };
      const offer = {
        ...(source.offer as Record<string, unknown>),
        campaignId: { dev: `${id}-dev`, prod: `${id}-prod` },
      };
      // The template's consent line names the template's partner: the copy's names the new one
      // (partners:check refuses a consent line naming another partner).
      const form = { ...(source.form as Record<string, unknown>) };
      if (typeof form.consentText === 'string' && typeof source.name === 'string')
        form.consentText = form.consentText.split(source.name).join(name);
      // Host names belong to one partner only, so the copy starts with none.
      return { ...source, id, name, hosts: [], branding, form, offer };
    },

    check(id: string, data: unknown): Problem[] {
      assertId(id);
      return check(id, JSON.stringify(data));
    },

    /**
     * What the studio shows as the manager edits: the problems that stop a save, and the warnings
     * that do not but would still speak for someone else (another partner's name or pictures, a
     * block's placeholder text).
     */
    review(id: string, data: unknown): { problems: Problem[]; warnings: Problem[] } {
      assertId(id);
      return checkAll(id, JSON.stringify(data));
    },

    async prepare(id: string, data: unknown): Promise<PreparedSave> {
      assertId(id);
      const text = await format(id, data);
      const disk = readText(id);
      return {
        text,
        diff: lineDiff(disk ?? '', text),
        problems: check(id, text),
        diskHash: disk === null ? null : hashText(disk),
      };
    },

    /**
     * Writes the file when it is valid and nobody changed it on disk since it was opened
     * (baseHash: the hash read then, or null for a new partner that must not exist yet), with the
     * staged pictures it uses; `published` names the files moved (the copy when the file names it).
     */
    async save(
      id: string,
      data: unknown,
      baseHash: string | null,
    ): Promise<PartnerFile & { published: string[] }> {
      assertId(id);
      const text = await format(id, data);
      const problems = check(id, text);
      if (problems.length > 0) {
        throw new StudioError(
          422,
          `Not saved: partners/${id}.json has ${problems.length} problem(s) to fix first.`,
          problems,
        );
      }
      const disk = readText(id);
      if (baseHash === null && disk !== null) {
        throw new StudioError(
          409,
          `Not saved: partners/${id}.json was created by someone else since you started. Your draft is kept; compare it with the file on disk before saving.`,
        );
      }
      if (baseHash !== null && (disk === null || hashText(disk) !== baseHash)) {
        throw new StudioError(
          409,
          `Not saved: partners/${id}.json was changed on disk since you opened it (by another editor or a git command). Your draft is kept here; reload the file from disk to see the other change, then make your edit again.`,
        );
      }
      // The pictures the file uses go to public/ with it; if the file cannot be written, they
      // go back, so a failed save leaves public/ and the staged pictures as they were.
      const publication = pictures.staging.publish(id, text);
      try {
        writeFileSync(`${partnerPath(id)}.saving`, text);
        renameSync(`${partnerPath(id)}.saving`, partnerPath(id));
      } catch (error) {
        publication.undo();
        throw error;
      }
      publication.finish();
      return { id, text, hash: hashText(text), published: publication.published };
    },

    /** The partner's pictures, saved and staged (not saved yet), with their optimised copies. */
    images(id: string): Picture[] {
      assertId(id);
      return pictures.list(id);
    },

    /** Keeps an uploaded picture with the draft (pictures.ts); the save publishes it. */
    async upload(
      id: string,
      fileName: string,
      bytes: Buffer,
      options?: { inPage?: boolean },
    ): Promise<Picture> {
      assertId(id);
      return pictures.upload(id, fileName, bytes, options);
    },

    /** "Discard my changes": the pictures uploaded since the last save go too. */
    dropStaged(id: string): void {
      assertId(id);
      pictures.staging.drop(id);
    },

    /** At the studio's start: staging nobody used for a week (pictureStaging.ts). */
    removeStaleStaging: () => pictures.staging.removeStale(),

    /** The file at a public address: a picture staged with a draft first, then public/. */
    publicFile: (urlPath: string) => pictures.file(urlPath),
  };
}

export type Workspace = ReturnType<typeof createWorkspace>;
