import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Keeps the previous builds' hashed files (assets/) beside the new ones for a while, so a tab
 * opened before a deploy can still fetch the chunks its page names (docs/deploying-notes.md). The
 * build empties its output folder; this takes the old assets/ aside before that and puts back
 * every file the new build did not write, noting when each was first left over
 * (assets/kept-assets.json). A file left over longer than `days` is dropped.
 */
export const keptManifestFile = 'kept-assets.json';

/** File name -> the time (ISO) a build first left it over. */
export type KeptManifest = Record<string, string>;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Which previous files to put back, and the manifest after this build: every previous file the new
 * build does not have, unless it was first left over more than `days` ago.
 */
export function keepPlan(
  previous: readonly string[],
  current: ReadonlySet<string>,
  manifest: KeptManifest,
  now: Date,
  days: number,
): { keep: string[]; manifest: KeptManifest } {
  const next: KeptManifest = {};
  const keep: string[] = [];
  for (const file of previous) {
    if (file === keptManifestFile || current.has(file)) continue;
    const since = manifest[file] ?? now.toISOString();
    if (now.getTime() - Date.parse(since) > days * dayMs) continue;
    next[file] = since;
    keep.push(file);
  }
  return { keep: keep.sort(), manifest: next };
}

function readManifest(file: string): KeptManifest {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export function keepAssetsPlugin({ days = 7 }: { days?: number } = {}): Plugin {
  let assetsDir = '';
  let aside: string | undefined;
  return {
    name: 'homesafe-keep-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    buildStart() {
      if (this.environment.name !== 'client' || !existsSync(assetsDir)) return;
      aside = mkdtempSync(join(tmpdir(), 'homesafe-kept-assets-'));
      cpSync(assetsDir, aside, { recursive: true });
    },
    closeBundle() {
      if (this.environment.name !== 'client' || !aside || !existsSync(assetsDir)) return;
      try {
        const { keep, manifest } = keepPlan(
          readdirSync(aside),
          new Set(readdirSync(assetsDir)),
          readManifest(join(aside, keptManifestFile)),
          new Date(),
          days,
        );
        for (const file of keep) copyFileSync(join(aside, file), join(assetsDir, file));
        writeFileSync(join(assetsDir, keptManifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        rmSync(aside, { recursive: true, force: true });
        aside = undefined;
      }
    },
  };
}
