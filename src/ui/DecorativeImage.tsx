import { pictureSrcSet } from '../config/pictureRule.ts';

/**
 * A picture beside words that already say what it shows (so alt=""), loaded only near the
 * viewport and decoded off the main thread; width and height keep its place so nothing shifts.
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
      decoding="async"
    />
  );
}
