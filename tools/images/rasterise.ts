import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

let fontFiles: string[] | undefined;

/** The bundled WOFF files unwrapped to TrueType once per process, in a cache folder. */
function bundledFontFiles(cacheDir: string): string[] {
  if (fontFiles) return fontFiles;
  const packageDir = dirname(require.resolve(`${fontPackage}/package.json`));
  mkdirSync(cacheDir, { recursive: true });
  fontFiles = fontWeights.map((weight) => {
    const name = `atkinson-hyperlegible-latin-${weight}-normal`;
    const file = join(cacheDir, `${name}.ttf`);
    writeFileSync(file, woffToSfnt(readFileSync(join(packageDir, 'files', `${name}.woff`))));
    return file;
  });
  return fontFiles;
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
