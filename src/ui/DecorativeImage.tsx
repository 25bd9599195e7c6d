import { pictureSrcSet } from '../config/pictureRule.ts';

/**
 * A picture beside words that already say what it shows (so alt=""), loaded only near the
 * viewport; width and height keep its place so nothing shifts. No `decoding="async"`: Chromium
 * decodes pictures off the main thread either way, our pictures are small WebP files at the sizes
 * shown, and with the hint Chromium (156) stopped drawing the page for good about once in ten
 * loads on a busy machine (docs/testing.md, "A page that stops drawing").
 */
export function DecorativeImage({
  src,
  width,
  height,
  className,
}: {
  src: string;
  width: number;
  height: number;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={src}
      srcSet={pictureSrcSet(src)}
      alt=""
      width={width}
      height={height}
      loading="lazy"
    />
  );
}
