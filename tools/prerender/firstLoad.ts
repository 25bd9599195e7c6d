import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The scripts a prerendered page loads before the visitor does anything: the boot script, the
 * entry it starts, every chunk it preloads (the entry's own preloads and the page's blocks), and
 * what those import statically. Used by the one-partner-per-page tests and the benchmark.
 */
export interface FirstLoad {
  /** Site paths ("/assets/index-abc.js"), in the order found. */
  scripts: string[];
  /** Sum of the scripts gzipped at level 9, bytes. */
  gzipBytes: number;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

export function firstLoadScripts(distDir: string, html: string): FirstLoad {
  const found: string[] = [];
  const add = (path: string | undefined) => {
    if (path && path.endsWith('.js') && !found.includes(path)) found.push(path);
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    add(attribute(tag, 'src'));
    add(attribute(tag, 'data-entry'));
    for (const path of (attribute(tag, 'data-preload') ?? '').split(' ')) add(path);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g))
    add(attribute(tag, 'href'));
  // Follow static imports ("./x.js" from an /assets/ chunk), not dynamic import("...").
  for (const path of found) {
    // (found grows while this loop runs: for...of visits the additions too)
    const file = join(distDir, path);
    if (!existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    for (const [, spec] of code.matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[^'"();]*?\sfrom\s*)?["']([^"']+\.js)["']/g,
    )) {
      if (spec?.startsWith('./'))
        add(`${path.slice(0, path.lastIndexOf('/') + 1)}${spec.slice(2)}`);
    }
  }
  const gzipBytes = found.reduce((sum, path) => {
    const file = join(distDir, path);
    return existsSync(file) ? sum + gzipSync(readFileSync(file), { level: 9 }).length : sum;
  }, 0);
  return { scripts: found, gzipBytes };
}
