import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A prerendered page's first-load JavaScript, read from the build output (deterministic, unlike a
 * timed run): the scripts the page names to start (the boot script, the entry, and the chunks the
 * app starts with, which a page fetches once the visitor acts or an island nears the viewport,
 * src/app/whenAppNeeded.ts), and their size as the server sends them: what a visitor's first act
 * costs at most. Used by the budgets test (tests/e2e/budgets.test.ts), `npm run bench` and its
 * partners scenario, and tests/e2e/onePartnerPerPage.test.ts.
 */

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : unescapeAttribute(value);
}

/**
 * The JavaScript a prerendered page names to start: every script's src, every modulepreload, the
 * boot script's entry (data-entry) and the chunks the entry preloads as the app starts
 * (data-preload, space-separated). Site paths, in the order first named.
 */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isModulePreload = tag.startsWith('<link') && attribute(tag, 'rel') === 'modulepreload';
    const found = [
      tag.startsWith('<script') ? attribute(tag, 'src') : undefined,
      isModulePreload ? attribute(tag, 'href') : undefined,
      attribute(tag, 'data-entry'),
      ...(attribute(tag, 'data-preload')?.split(/\s+/) ?? []),
    ];
    // The whole stylesheet the app links as it starts (src/app/preloadStart.ts) is not script.
    for (const url of found) if (url && !url.endsWith('.css')) urls.add(url);
  }
  return [...urls];
}

export interface ScriptSize {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** What the server sends a browser that accepts brotli: the .br beside the file, or the file. */
  brotliBytes: number;
}

export interface FirstLoad {
  scripts: ScriptSize[];
  gzipBytes: number;
  brotliBytes: number;
}

/**
 * One built file's sizes. Gzip is level 9 (as compress.ts writes the .gz); brotli is the .br the
 * build wrote beside it (the server's `preCompressed` answer), or the file itself when the build
 * left it uncompressed (no smaller compressed). A build without .br files (a plain
 * `HOMESAFE_PRERENDER=0` build) is compressed here as compress.ts would.
 */
export function scriptSize(dist: string, url: string): ScriptSize {
  const path = new URL(url, 'http://site.invalid/').pathname;
  const file = join(dist, path);
  if (!existsSync(file)) throw new Error(`a page names ${url}, which the build did not write`);
  const content = readFileSync(file);
  const brFile = `${file}.br`;
  const brotliBytes = existsSync(brFile)
    ? readFileSync(brFile).length
    : Math.min(
        content.length,
        brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length,
      );
  return {
    path,
    rawBytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    brotliBytes,
  };
}

/** A page's first-load scripts and their sizes, summed, from the built site. */
export function firstLoad(html: string, dist: string): FirstLoad {
  const scripts = firstLoadScripts(html).map((url) => scriptSize(dist, url));
  return {
    scripts,
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    brotliBytes: scripts.reduce((sum, script) => sum + script.brotliBytes, 0),
  };
}

/** Gzip (level 9) bytes of a page's first-load scripts, read from the built site. */
export function firstLoadBytes(html: string, dist: string): number {
  return firstLoad(html, dist).gzipBytes;
}
