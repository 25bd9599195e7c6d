import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { svgStaysSvg } from '../../src/config/pictureRule.ts';
import {
  copyNames,
  isCopyName,
  isOptimisedName,
  maxPictureEdge,
  optimisedName,
  optimisePicture,
  pairNames,
  PictureError,
} from './optimisePicture.ts';

/** A flat logo-like drawing as a raster picture of this size and format. */
const drawing = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <rect width="${width}" height="${height}" fill="#ffffff"/>
        <circle cx="${height / 2}" cy="${height / 2}" r="${height / 3}" fill="#1B4F72"/>
        <rect x="${height}" y="${height / 4}" width="${width - height * 1.2}" height="${height / 2}" fill="#4B3F8F"/>
      </svg>`,
    ),
  );

/** A photo-like picture (noise compresses like a photo, badly). */
const photo = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

/** A picture of one flat colour. */
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#EEEBF8' } });

/** A grey PNG that claims a size but holds the pixels of its first row only. */
function truncatedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the optimised copy of an uploaded picture', () => {
  it('is named beside the original', () => {
    expect(optimisedName('logo.png')).toBe('logo.opt.png');
    expect(optimisedName('hero-desktop.jpeg')).toBe('hero-desktop.opt.jpeg');
    expect(isOptimisedName('logo.opt.png')).toBe(true);
    expect(isOptimisedName('logo.png')).toBe(false);
  });

  it('names the WebP pair of a drawing beside it, and knows every copy of an upload', () => {
    expect(pairNames('logo.svg')).toEqual({ twoX: 'logo.2x.webp', oneX: 'logo.1x.webp' });
    expect(copyNames('logo.svg')).toEqual(['logo.2x.webp', 'logo.opt.svg', 'logo.1x.webp']);
    expect(copyNames('hero.jpg')).toEqual(['hero.opt.jpg']);
    expect(['logo.2x.webp', 'logo.1x.webp', 'logo.opt.svg'].every(isCopyName)).toBe(true);
    expect(['logo.svg', 'logo.webp', 'photo-2x.webp'].some(isCopyName)).toBe(false);
  });

  it('draws a detailed drawing as a WebP pair at the size it declares and at twice that', async () => {
    // A partner's logo as a drawing program exports it: a mark, a gradient and its name as text.
    const logo = Buffer.from(`<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60" width="240" height="60">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1B4F72"/><stop offset="1" stop-color="#4B3F8F"/></linearGradient></defs>
  <rect width="240" height="60" fill="#ffffff"/>
  <rect x="6" y="6" width="48" height="48" rx="8" fill="url(#g)"/>
  <text x="66" y="40" font-family="Atkinson Hyperlegible" font-size="26" font-weight="700" fill="#1B4F72">Acme Co</text>
</svg>`);
    expect(svgStaysSvg(logo.toString())).toBe(false);
    const copy = await optimisePicture('svg', logo);
    expect(copy).toMatchObject({ width: 240, height: 60, resized: false });
    const twoX = await sharp(copy.bytes).metadata();
    expect(twoX).toMatchObject({ format: 'webp', width: 480, height: 120 });
    expect(copy.oneX && (await sharp(copy.oneX).metadata())).toMatchObject({
      format: 'webp',
      width: 240,
      height: 60,
    });
    // The drawing, drawn: the mark's colour at its middle, white beside it, and the name's ink.
    const pixel = async (left: number, top: number) => {
      const [r = 0, g = 0, b = 0] = await sharp(copy.bytes)
        .extract({ left, top, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer();
      return { r, g, b };
    };
    const mark = await pixel(60, 60);
    expect(mark.b).toBeGreaterThan(mark.r + 40);
    expect(await pixel(470, 10)).toEqual({ r: 255, g: 255, b: 255 });
    const { data, info } = await sharp(copy.bytes)
      .extract({ left: 132, top: 20, width: 300, height: 70 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const inked = [...data].filter((value) => value < 128).length / (info.width * info.height);
    expect(inked).toBeGreaterThan(0.05);
    // The drawing it was drawn from, minified, goes with it (the build's source for share cards).
    expect(copy.source?.toString()).toMatch(/^<svg[^]*Acme Co<\/text><\/svg>$/);

    // The browser tab's icon is no picture in the page: a drawing stays a drawing for it.
    const icon = await optimisePicture('svg', logo, { inPage: false });
    expect(icon.oneX).toBeUndefined();
    expect(icon.bytes.toString()).toMatch(/^<svg[^]*Acme Co/);
  });

  it('refuses a detailed drawing that does not say its size, in words a designer acts on', async () => {
    const sizeless = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><text x="10" y="40">Acme Co</text></svg>',
    );
    await expect(optimisePicture('svg', sizeless)).rejects.toThrow(
      new PictureError(
        'the drawing does not say its size. Export it again with a width and height, or a viewBox',
      ),
    );
  });

  it('minifies an SVG: comments, metadata and scripts go, the drawing and its viewBox stay', async () => {
    const svg = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a drawing program -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100" width="400" height="100">
  <metadata>exported for Acme</metadata>
  <script>alert('hi')</script>
  <g>
    <rect x="0.00000" y="0.00000" width="400.00000" height="100.00000" fill="#1B4F72"/>
  </g>
</svg>
`);
    const { bytes, resized } = await optimisePicture('svg', svg);
    const text = bytes.toString('utf8');
    expect(resized).toBe(false);
    expect(bytes.length).toBeLessThan(svg.length / 2);
    expect(text).toMatch(/^<svg[\s>]/);
    expect(text).toContain('viewBox="0 0 400 100"');
    expect(text).not.toMatch(/script|metadata|Generator/);
    // The same picture, drawn.
    const pixel = async (input: Buffer) =>
      (
        await sharp(input).extract({ left: 200, top: 50, width: 1, height: 1 }).raw().toBuffer()
      ).toString('hex');
    expect(await pixel(bytes)).toBe(await pixel(svg));
  });

  it('shrinks a PNG larger than any layout shows to fit, as a smaller PNG', async () => {
    const png = await drawing(3200, 800).png().toBuffer();
    const copy = await optimisePicture('png', png);
    expect(copy).toMatchObject({
      width: maxPictureEdge,
      height: maxPictureEdge / 4,
      resized: true,
    });
    expect(copy.bytes.length).toBeLessThan(png.length);
    expect(await sharp(copy.bytes).metadata()).toMatchObject({
      format: 'png',
      width: maxPictureEdge,
      height: maxPictureEdge / 4,
    });
  });

  it('re-encodes a JPEG upright, without its camera metadata, and keeps a small one at its size', async () => {
    // Stored sideways with an EXIF "turn 90°" note, as phones do.
    const sideways = await photo(400, 300)
      .jpeg({ quality: 98 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const copy = await optimisePicture('jpg', sideways);
    expect(copy).toMatchObject({ width: 300, height: 400, resized: false });
    expect(copy.bytes.length).toBeLessThan(sideways.length);
    const metadata = await sharp(copy.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('keeps WebP as WebP, shrunk along its longer side', async () => {
    const tall = await flat(1000, 3600).webp({ quality: 95 }).toBuffer();
    const copy = await optimisePicture('webp', tall);
    expect(copy).toMatchObject({ width: 800, height: maxPictureEdge, resized: true });
    expect((await sharp(copy.bytes).metadata()).format).toBe('webp');
  });

  it('refuses what cannot be read, and pictures too large to decode safely', async () => {
    await expect(optimisePicture('svg', Buffer.from('<svg><g></svg>'))).rejects.toThrow(
      new PictureError('its SVG markup could not be read'),
    );
    await expect(optimisePicture('png', truncatedPng(20, 20))).rejects.toThrow(
      'its content could not be read as a picture',
    );
    // 10,000 x 6,000 pixels: 60 MB or more to decode, in a file of a hundred bytes.
    await expect(optimisePicture('png', truncatedPng(10_000, 6_000))).rejects.toThrow(
      'it has more than 50 million pixels',
    );
  });
});
