import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** Pixels with any ink (alpha above 0) in RGBA pixels. */
const inked = (pixels: Uint8Array) =>
  pixels.filter((_, index) => index % 4 === 3 && pixels[index]! > 0).length;

const text = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="60" font-weight="700" font-size="40">HomeSafe</text></svg>`;

describe('the bundled fonts resvg draws text with', () => {
  it('are unwrapped again when the folder they were first kept in has gone', async () => {
    // A fresh module: test files share a worker, and the fonts are kept per process. The studio's
    // project copies keep them in a folder removed after each test (stop 62's stress run drew the
    // logos' text in no font after one).
    vi.resetModules();
    const { renderSvg } = await import('./rasterise.ts');
    const first = mkdtempSync(join(tmpdir(), 'homesafe-fonts-first-'));
    const second = mkdtempSync(join(tmpdir(), 'homesafe-fonts-second-'));
    try {
      expect(inked(renderSvg(text, { width: 400, cacheDir: first }).pixels)).toBeGreaterThan(1000);
      rmSync(first, { recursive: true, force: true });
      expect(inked(renderSvg(text, { width: 400, cacheDir: second }).pixels)).toBeGreaterThan(1000);
      expect(inked(renderSvg(text, { width: 400, cacheDir: first }).pixels)).toBeGreaterThan(1000);
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});
