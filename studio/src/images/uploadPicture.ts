import { isPicturePair } from '../../../src/config/pictureRule.ts';
import { studioApi, StudioApiError, type Picture } from '../api/studioApi.ts';
import { maxPictureBytes, pictureTooLarge, pictureWeightWarning } from './pictureRules.ts';

/** The path a picture field should use: the optimised copy when there is one. */
export const pictureToUse = (picture: Picture) => (picture.optimised ?? picture.original).path;

/** Whether the studio drew this upload, a detailed drawing, as a WebP pair. */
export const isDrawnAsPair = (picture: Picture) =>
  picture.optimised !== undefined && isPicturePair(picture.optimised.path);

/** The file a field uses, with its size: the copy, else the original. */
export const fileToUse = (picture: Picture) => picture.optimised ?? picture.original;

/** What a picture field is told after an upload: the path to set, what was done, any warning. */
export interface Uploaded {
  picture: Picture;
  path: string;
  warning?: string;
}

/** Why an upload was refused, in the server's words (or the size check's, before sending). */
export class UploadRefused extends Error {}

/**
 * Uploads one picture for a field in one step: checks its size before sending (the server checks
 * again), stages it with the draft, and gives the path the field should use (the optimised copy)
 * with a weight warning when that copy is still heavy. `onUploaded` keeps the partner's list of
 * pictures up to date.
 */
export async function uploadPicture(
  partnerId: string,
  file: File,
  onUploaded: (picture: Picture) => void,
  inPage = true,
): Promise<Uploaded> {
  if (file.size > maxPictureBytes) throw new UploadRefused(pictureTooLarge(file.size));
  try {
    const { picture } = await studioApi.upload(partnerId, file, inPage);
    onUploaded(picture);
    return {
      picture,
      path: pictureToUse(picture),
      warning: inPage ? pictureWeightWarning(fileToUse(picture)) : undefined,
    };
  } catch (error) {
    throw new UploadRefused(error instanceof StudioApiError ? error.message : String(error));
  }
}
