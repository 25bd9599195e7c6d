/**
 * Which pictures may stay SVG files in an `<img>` and which are served as raster images (WebP).
 *
 * An SVG file in an `<img>` is a document of its own: when it arrives, the browser builds a page
 * and a document for it, parses, styles, lays out and paints it on the main thread. At 8x CPU
 * slowdown that was 70-95 ms a picture for our 1-6 KB drawings, plus a second paint (issue 40);
 * an SVG with text also shapes it with fonts the picture cannot load. A WebP of the same picture
 * is decoded off the main thread. So only a picture as cheap as a few shapes stays SVG: at most
 * {@link svgStaysLimits} bytes and elements, and nothing that needs fonts, filters, gradients,
 * masks, embedded pictures or styles (each of those costs more than its bytes say). Everything
 * else is drawn once as WebP at the size shown and at twice that (`x.1x.webp` and `x.2x.webp`,
 * {@link pictureSrcSet}; tools/images/rasterisePublic.ts).
 */
export const svgStaysLimits = { bytes: 1024, elements: 12 };

const costlyElements =
  /<(?:text|tspan|textPath|image|foreignObject|filter|fe[A-Z]\w*|linearGradient|radialGradient|pattern|mask|clipPath|style|script|use|symbol)\b/;

/** Whether this SVG markup is small and simple enough to stay an SVG picture. */
export function svgStaysSvg(markup: string): boolean {
  if (new TextEncoder().encode(markup).length > svgStaysLimits.bytes) return false;
  if (costlyElements.test(markup)) return false;
  // Drawing elements, not counting the root <svg>, <g> groups, <title> and <desc>.
  const elements = markup.match(/<(?!\/|svg\b|g\b|title\b|desc\b|\?|!)[a-zA-Z]/g) ?? [];
  return elements.length <= svgStaysLimits.elements;
}

/** Whether a path names the larger file of a WebP pair ("x.2x.webp"). */
export const isPicturePair = (src: string) => src.endsWith('.2x.webp');

/** The smaller file of a pair, for screens of normal density: "x.2x.webp" -> "x.1x.webp". */
export const oneXPath = (src: string) => src.replace(/\.2x\.webp$/, '.1x.webp');

/**
 * The `srcset` of a picture that is a WebP pair ("x.2x.webp" at twice the size shown, "x.1x.webp"
 * at the size shown): the browser takes the one its screen needs. Undefined for anything else (an
 * SVG scales by itself; another PNG, JPEG or WebP is shown as it is).
 */
export function pictureSrcSet(src: string): string | undefined {
  return isPicturePair(src) ? `${oneXPath(src)} 1x, ${src} 2x` : undefined;
}
