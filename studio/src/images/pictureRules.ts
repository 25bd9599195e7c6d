/**
 * The longest side of an optimised picture, in pixels (studio/server/optimisePicture.ts): no
 * layout shows a picture wider than 1440 px, and twice that is sharp on a 2x screen.
 */
export const maxPictureEdge = 2880;

const megabyte = 1024 * 1024;

/**
 * The largest upload, checked by the Pictures tab before it sends and by the studio server as it
 * reads the body. Generous on purpose: the studio shrinks every picture to {@link maxPictureEdge}
 * itself, so a phone photo as the phone saved it (4 to 15 MB) must get through.
 */
export const maxPictureBytes = 20 * megabyte;

/** Why a picture is refused for its size, with its real size and the real limit. */
export function pictureTooLarge(bytes: number): string {
  const size = (bytes / megabyte).toFixed(1);
  const limit = maxPictureBytes / megabyte;
  // A file a few bytes over must not read "20.0 MB; pictures can be up to 20 MB".
  const shown = Number(size) > limit ? `${size} MB` : `just over ${limit} MB`;
  return (
    `This picture is ${shown}; pictures can be up to ${limit} MB. Save or export it smaller ` +
    `(${maxPictureEdge} pixels on the longest side is all the site uses) and upload it again.`
  );
}

/**
 * The weight past which a photo or PNG slows the page on a phone, even once optimised: a hero
 * photo exported sensibly is 100 to 250 KB at {@link maxPictureEdge} pixels.
 */
export const heavyPictureBytes = 300 * 1024;

/** "812 KB", "1.2 MB", "640 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < megabyte) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / megabyte).toFixed(1)} MB`;
}

/**
 * A plain warning when the file a field uses is heavy, with its size; undefined when it is not.
 * A photo, PNG or WebP is held to {@link heavyPictureBytes}. A drawing (SVG) is not weighed: the
 * studio keeps an upload as SVG only when it is as cheap as a few shapes (src/config/pictureRule.ts)
 * and draws any other as a WebP pair (studio/server/optimisePicture.ts), weighed like a picture.
 */
export function pictureWeightWarning(file: { path: string; bytes: number }): string | undefined {
  if (/\.svg$/i.test(file.path) || file.bytes <= heavyPictureBytes) return undefined;
  const size = formatBytes(file.bytes);
  return (
    `This picture is ${size} even after optimizing, and pictures over ${formatBytes(heavyPictureBytes)} ` +
    `make the page slow to load on a phone. Crop it, or export it smaller or as a JPEG, and upload it again.`
  );
}
