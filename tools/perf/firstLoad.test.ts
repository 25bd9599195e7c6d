import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoad, firstLoadBytes, firstLoadScripts } from './firstLoad.ts';

/* The scale bench's first-load JS: what a prerendered page names before any interaction. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// As tools/prerender/html.ts writes a page: the boot script handed the entry and its preloads.
const page = `<!doctype html><html><head>
<link rel="preload" as="image" href="/partners/demo/hero-mobile.svg" />
<link rel="modulepreload" crossorigin href="/assets/react-AAA.js">
<script defer src="/assets/boot-BBB.js" data-entry="/assets/index-CCC.js" data-preload="/assets/react-AAA.js /assets/landing-DDD.js /assets/style-EEE.css"></script>
<script type="application/json" id="data">{"a":1}</script>
</head><body><div id="root"></div></body></html>`;

describe('first-load JS of a prerendered page', () => {
  it('names the boot script, its entry, its preloads and modulepreloads, once each, and not the stylesheet', () => {
    expect(firstLoadScripts(page)).toEqual([
      '/assets/react-AAA.js',
      '/assets/boot-BBB.js',
      '/assets/index-CCC.js',
      '/assets/landing-DDD.js',
    ]);
  });

  it('sums their gzip sizes from the built site, and fails on a file the build did not write', () => {
    const dist = mkdtempSync(join(tmpdir(), 'homesafe-first-load-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'assets'));
    const files = {
      'react-AAA.js': 'export const react = 1;'.repeat(50),
      'boot-BBB.js': 'boot();',
      'index-CCC.js': 'import "./react-AAA.js";',
      'landing-DDD.js': 'export default function Landing() {}',
    };
    for (const [name, text] of Object.entries(files))
      writeFileSync(join(dist, 'assets', name), text);
    const expected = Object.values(files).reduce(
      (sum, text) => sum + gzipSync(text, { level: 9 }).length,
      0,
    );
    expect(firstLoadBytes(page, dist)).toBe(expected);
    rmSync(join(dist, 'assets', 'landing-DDD.js'));
    expect(() => firstLoadBytes(page, dist)).toThrow(
      /landing-DDD\.js, which the build did not write/,
    );
  });

  it('counts what the server sends: the .br beside a file, or the file when there is none', () => {
    const dist = mkdtempSync(join(tmpdir(), 'homesafe-first-load-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'assets'));
    const big = 'export const react = 1;'.repeat(200);
    const names = ['react-AAA.js', 'boot-BBB.js', 'index-CCC.js', 'landing-DDD.js'];
    for (const name of names)
      writeFileSync(join(dist, 'assets', name), name === 'react-AAA.js' ? big : 'x();');
    const br = brotliCompressSync(big);
    writeFileSync(join(dist, 'assets', 'react-AAA.js.br'), br);
    const load = firstLoad(page, dist);
    expect(load.scripts.map((script) => script.brotliBytes)).toEqual([br.length, 4, 4, 4]);
    expect(load.brotliBytes).toBe(br.length + 12);
    expect(load.gzipBytes).toBe(firstLoadBytes(page, dist));
  });
});
