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
