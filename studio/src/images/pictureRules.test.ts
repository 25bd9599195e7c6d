import { describe, expect, it } from 'vitest';
import { formatBytes, heavyPictureBytes, pictureWeightWarning } from './pictureRules.ts';

describe('pictureWeightWarning', () => {
  it('warns of a photo over 300 KB after optimizing, with its size', () => {
    expect(pictureWeightWarning({ path: '/partners/acme/hero.opt.jpg', bytes: 290 * 1024 })).toBe(
      undefined,
    );
    expect(
      pictureWeightWarning({ path: '/partners/acme/hero.opt.jpg', bytes: heavyPictureBytes }),
    ).toBe(undefined);
    expect(
      pictureWeightWarning({ path: '/partners/acme/hero.opt.jpg', bytes: 1.4 * 1024 * 1024 }),
    ).toBe(
      'This picture is 1.4 MB even after optimizing, and pictures over 300 KB make the page slow to load on a phone. Crop it, or export it smaller or as a JPEG, and upload it again.',
    );
    expect(
      pictureWeightWarning({ path: '/partners/acme/logo.opt.png', bytes: 412 * 1024 }),
    ).toMatch(/^This picture is 412 KB even after optimizing/);
  });

  it('leaves drawings to the picture rule: an SVG copy is only ever a few shapes', () => {
    // The studio server draws any other drawing as a WebP pair, weighed like a picture.
    expect(pictureWeightWarning({ path: '/partners/acme/logo.opt.svg', bytes: 412 * 1024 })).toBe(
      undefined,
    );
    expect(
      pictureWeightWarning({ path: '/partners/acme/logo.2x.webp', bytes: 412 * 1024 }),
    ).toMatch(/^This picture is 412 KB even after optimizing/);
  });
});

describe('formatBytes', () => {
  it('says bytes, KB and MB', () => {
    expect(formatBytes(640)).toBe('640 bytes');
    expect(formatBytes(812 * 1024)).toBe('812 KB');
    expect(formatBytes(5.2 * 1024 * 1024)).toBe('5.2 MB');
  });
});
