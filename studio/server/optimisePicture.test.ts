import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  isOptimisedName,
  maxPictureEdge,
  optimisedName,
  optimisePicture,
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
