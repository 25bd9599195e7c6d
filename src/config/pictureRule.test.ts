import { describe, expect, it } from 'vitest';
import { pictureSrcSet, svgStaysSvg, svgStaysLimits } from './pictureRule.ts';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">${body}</svg>`;

describe('svgStaysSvg', () => {
  it('keeps a small drawing of a few shapes', () => {
    expect(
      svgStaysSvg(
        svg('<g><circle cx="16" cy="16" r="16" fill="#4B3F8F"/><path d="M8 8h16v16z"/></g>'),
      ),
    ).toBe(true);
  });

  it('turns a picture with text into a raster one (its fonts are shaped on the main thread)', () => {
    expect(svgStaysSvg(svg('<text x="1" y="20">Demo</text>'))).toBe(false);
  });

  it('turns a picture with a gradient, a clip path or a filter into a raster one', () => {
    for (const costly of [
      '<defs><linearGradient id="a"/></defs><rect width="2" height="2" fill="url(#a)"/>',
      '<defs><clipPath id="c"><circle r="4"/></clipPath></defs><rect clip-path="url(#c)" width="2" height="2"/>',
      '<defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs><rect width="2" height="2"/>',
    ])
      expect(svgStaysSvg(svg(costly))).toBe(false);
  });

  it('draws the line at the element count and the byte size', () => {
    const shapes = (count: number) => '<rect width="1" height="1"/>'.repeat(count);
    expect(svgStaysSvg(svg(shapes(svgStaysLimits.elements)))).toBe(true);
    expect(svgStaysSvg(svg(shapes(svgStaysLimits.elements + 1)))).toBe(false);
    const long = `<path d="M0 0${' l1 1'.repeat(250)}"/>`;
    expect(long.length).toBeGreaterThan(svgStaysLimits.bytes);
    expect(svgStaysSvg(svg(long))).toBe(false);
  });
});

describe('pictureSrcSet', () => {
  it('offers the copy at the size shown and the one at twice that size', () => {
    expect(pictureSrcSet('/partners/demo/hero-mobile.2x.webp')).toBe(
      '/partners/demo/hero-mobile.1x.webp 1x, /partners/demo/hero-mobile.2x.webp 2x',
    );
  });

  it('gives none for an SVG, a PNG, a WebP of its own or the smaller copy itself', () => {
    expect(pictureSrcSet('/partners/demo/logo.svg')).toBeUndefined();
    expect(pictureSrcSet('/partners/demo/photo.png')).toBeUndefined();
    expect(pictureSrcSet('/partners/demo/photo.opt.webp')).toBeUndefined();
    expect(pictureSrcSet('/partners/demo/hero.1x.webp')).toBeUndefined();
  });
});
