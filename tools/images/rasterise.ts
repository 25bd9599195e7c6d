import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { woffToSfnt } from './woff.ts';

/**
 * SVG to PNG with resvg (@resvg/resvg-js: a maintained Rust rasteriser whose prebuilt binaries
 * ship in the npm package, so the build needs no compiler and no network). Only the bundled
 * Atkinson Hyperlegible files are loaded, never the system's fonts, so a card looks the same on
 * every machine that builds it.
 */
const require = createRequire(import.meta.url);
const fontPackage = '@fontsource/atkinson-hyperlegible';
const fontWeights = ['400', '700'] as const;

/** The unwrapped font files by cache folder. */
const fontFilesIn = new Map<string, string[]>();

/**
 * The bundled WOFF files unwrapped to TrueType once per cache folder, and again if the folder
 * has gone since (a studio's project copy removed, a test's temporary folder): resvg given a
 * missing font file draws text in no font at all, silently.
 */
function bundledFontFiles(cacheDir: string): string[] {
  const known = fontFilesIn.get(cacheDir);
  if (known?.every((file) => existsSync(file))) return known;
  const packageDir = dirname(require.resolve(`${fontPackage}/package.json`));
  mkdirSync(cacheDir, { recursive: true });
  const files = fontWeights.map((weight) => {
    const name = `atkinson-hyperlegible-latin-${weight}-normal`;
    const file = join(cacheDir, `${name}.ttf`);
    // Written beside it and renamed into place: another process of the same project (the build
    // beside the studio) may be reading the same file meanwhile.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, woffToSfnt(readFileSync(join(packageDir, 'files', `${name}.woff`))));
    renameSync(partial, file);
    return file;
  });
  fontFilesIn.set(cacheDir, files);
  return files;
}

export interface RasteriseOptions {
  /** Output width in pixels; the height follows the SVG's aspect ratio. */
  width: number;
  /** Where the unwrapped font files are kept. */
  cacheDir: string;
}

/** The drawn picture (RGBA pixels, size, PNG), for the build and for the tests. */
export function renderSvg(svg: string, { width, cacheDir }: RasteriseOptions) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: {
      loadSystemFonts: false,
      fontFiles: bundledFontFiles(cacheDir),
      defaultFontFamily: 'Atkinson Hyperlegible',
      sansSerifFamily: 'Atkinson Hyperlegible',
    },
    shapeRendering: 2,
    textRendering: 1,
    imageRendering: 0,
  });
  return resvg.render();
}

export function rasterise(svg: string, options: RasteriseOptions): Buffer {
  return renderSvg(svg, options).asPng();
}
