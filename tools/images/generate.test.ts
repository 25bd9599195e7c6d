import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../src/config/generated/site.ts';
import { shareCardContent } from '../../src/config/shareCardContent.ts';
import { emailLogoPath, iconPath, shareCardPath } from '../../src/config/shareImages.ts';
import { generatePartnerImages } from './generate.ts';
import { renderSvg } from './rasterise.ts';
import { woffToSfnt } from './woff.ts';
import { loadPartner, loadPartners } from '../../tests/support/partners.ts';

const root = join(import.meta.dirname, '../..');
const site = JSON.parse(readFileSync(join(root, 'config/site.json'), 'utf8')) as SiteConfig;
const outDir = mkdtempSync(join(tmpdir(), 'homesafe-images-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const cacheDir = join(outDir, 'fonts');

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(file);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** How many pixels carry any ink (not fully transparent). */
const inked = (pixels: Uint8Array) =>
  pixels.filter((_, index) => index % 4 === 3 && pixels[index]! > 0).length;

describe('PNG email logos and share cards from the partner artwork (issue 15)', () => {
  it('draws a PNG email logo and a 1200x630 share card per partner and page', () => {
    const partners = loadPartners();
    const written = generatePartnerImages({
      partners,
      site,
      publicDir: join(root, 'public'),
      outDir,
      cacheDir,
    });
    // Per partner: the email logo, two share cards and the tab icon; and the site's own icon.
    expect(written).toHaveLength(partners.length * 4 + 1);
    expect(pngSize(join(outDir, iconPath()))).toEqual({ width: 64, height: 64 });
    for (const partner of partners) {
      expect(pngSize(join(outDir, iconPath(partner.id)))).toEqual({ width: 64, height: 64 });
      expect(pngSize(join(outDir, emailLogoPath(partner.id)))).toEqual({ width: 720, height: 180 });
      for (const page of ['landing', 'claimOffer'] as const) {
        expect(pngSize(join(outDir, shareCardPath(partner.id, page)))).toEqual({
          width: 1200,
          height: 630,
        });
      }
    }
  });

  it("draws the tab icon from the partner's SVG favicon, and none for an icon that is a PNG already", async () => {
    const [demo] = loadPartners().filter((partner) => partner.id === 'demo');
    if (!demo?.branding.faviconSrc) throw new Error('demo has an SVG favicon');
    const iconDir = join(outDir, 'icons');
    const draw = (faviconSrc: string) =>
      generatePartnerImages({
        partners: [{ ...demo, branding: { ...demo.branding, faviconSrc } }],
        site: { ...site, faviconSrc: '/favicon.svg' },
        publicDir: join(root, 'public'),
        outDir: iconDir,
        cacheDir,
      });
    expect(draw(demo.branding.faviconSrc)).toContain(iconPath('demo'));
    // The demo icon is a purple disc filling the square: its corners clear, most pixels inked.
    const pixels = new Uint8Array(
      await sharp(join(iconDir, iconPath('demo')))
        .ensureAlpha()
        .raw()
        .toBuffer(),
    );
    expect(pixels[3]).toBe(0);
    expect(inked(pixels)).toBeGreaterThan(64 * 64 * 0.7);
    expect(draw('/images/generated/demo/logo.png')).not.toContain(iconPath('demo'));
  });

  it('sets text in the bundled Atkinson Hyperlegible, with no system fonts to fall back on', () => {
    const text = (family: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="60" font-family="${family}" font-weight="700" font-size="40">HomeSafe</text></svg>`;
    const drawn = renderSvg(text('Atkinson Hyperlegible'), { width: 400, cacheDir });
    expect(inked(drawn.pixels)).toBeGreaterThan(1000);
  });

  it("keeps the logo's lettering (its text needs the bundled font too)", () => {
    const logo = readFileSync(join(root, 'public/partners/demo/logo.svg'), 'utf8');
    const withoutText = logo.replace(/<text[\s\S]*?<\/text>/g, '');
    const draw = (svg: string) =>
      inked(
        renderSvg(
          `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60">${svg.replace(/<svg[^>]*>/, '<svg x="0" y="0" width="240" height="60" viewBox="0 0 240 60">')}</svg>`,
          { width: 240, cacheDir },
        ).pixels,
      );
    expect(draw(logo)).toBeGreaterThan(draw(withoutText) + 500);
  });

  it('unwraps the WOFF font into a TrueType font', () => {
    const woff = readFileSync(
      join(
        root,
        'node_modules/@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff',
      ),
    );
    const sfnt = woffToSfnt(woff);
    expect(sfnt.subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
  });

  it("shows the page's own words: the hero title, or the offer and its price", () => {
    const lowes = loadPartner('lowes');
    const landing = shareCardContent(lowes, site, 'landing');
    const hero = lowes.pages.landing.sections.find((section) => section.type === 'hero');
    expect(hero?.type === 'hero' && landing.title).toBe(hero?.props.title);
    expect(landing.offer).toBeUndefined();
    const claim = shareCardContent(loadPartner('cor-freedom'), site, 'claimOffer');
    expect(claim.title).toBe('Your Free Virtual Home Safety Assessment');
    expect(claim.offer).toEqual({ badge: 'Exclusive Offer from Cor Freedom Care:', price: 'FREE' });
    expect(claim.alt).toBe(
      'Cor Freedom Care: Your Free Virtual Home Safety Assessment. Exclusive Offer from Cor Freedom Care: FREE',
    );
  });
});
