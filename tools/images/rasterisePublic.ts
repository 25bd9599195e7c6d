/**
 * `tsx tools/images/rasterisePublic.ts`: every SVG picture a partner file shows in the page (not
 * its favicon, which the build draws as a PNG: src/config/shareImages.ts) that is not small and simple enough to stay SVG (src/config/pictureRule.ts) is
 * drawn as its WebP pair beside it ("x.2x.webp" and "x.1x.webp"), and the partner files are pointed
 * at the WebP. The SVG stays as the source to draw from again. The studio does the same on upload
 * (studio/server/optimisePicture.ts).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oneXPath, svgStaysSvg } from '../../src/config/pictureRule.ts';
import { rasterPair } from './rasterPicture.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const partnersDir = join(root, 'partners');
const publicDir = join(root, 'public');
const cacheDir = join(root, 'node_modules', '.cache', 'raster-pictures');

const files = readdirSync(partnersDir).filter((name) => name.endsWith('.json'));
const drawn = new Map<string, string>();
for (const name of files) {
  const file = join(partnersDir, name);
  const text = readFileSync(file, 'utf8');
  const paths = [...text.matchAll(/"(?<key>\w+)":\s*"(?<path>\/[^"\s]+\.svg)"/g)]
    .filter((match) => match.groups?.key !== 'faviconSrc')
    .map((match) => match.groups?.path)
    .filter((path): path is string => path !== undefined);
  let updated = text;
  for (const path of new Set(paths)) {
    const source = join(publicDir, path);
    if (!existsSync(source)) continue;
    const markup = readFileSync(source, 'utf8');
    if (svgStaysSvg(markup)) continue;
    const webp = path.replace(/\.svg$/, '.2x.webp');
    if (!drawn.has(path)) {
      const pair = await rasterPair(markup, cacheDir);
      writeFileSync(join(publicDir, webp), pair.twoX);
      writeFileSync(join(publicDir, oneXPath(webp)), pair.oneX);
      drawn.set(path, webp);
      console.log(
        `${webp}: ${pair.width}x${pair.height}, ${pair.oneX.length} + ${pair.twoX.length} bytes`,
      );
    }
    updated = updated.replaceAll(`"${path}"`, `"${webp}"`);
  }
  if (updated !== text) writeFileSync(file, updated);
}
