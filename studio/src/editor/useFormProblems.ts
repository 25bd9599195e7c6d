import { useMemo } from 'react';
import type { Picture, Problem } from '../api/studioApi.ts';
import type { StudioFormContext } from '../forms/StudioForm.tsx';
import { pictureToUse, uploadPicture } from '../images/uploadPicture.ts';
import { placeId, problemPointer } from '../places/places.ts';
import { problemSentence } from '../places/problemWords.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * What the forms show of the check: each problem's sentence as it reads under its field ("Question
 * 2 of the FAQ: the answer is too long…"), and the warnings by the id of their field (the one id
 * scheme of places/), which the field template shows under the field, in the warning style.
 */
export function useFormProblems({
  problems,
  warnings,
  partner,
  pictures,
  onUploaded,
}: {
  problems: Problem[];
  warnings: Problem[];
  partner: PartnerDraft;
  pictures: Picture[];
  /** A picture field's upload joins the partner's pictures (images/usePictures.ts). */
  onUploaded: (picture: Picture) => void;
}): { placed: Problem[]; context: StudioFormContext } {
  const placed = useMemo(
    () =>
      problems.map((problem) => ({
        ...problem,
        message: problemSentence(problem, partner, 'form'),
      })),
    [problems, partner],
  );
  const warningsAt = useMemo(() => {
    const byId: Record<string, string[]> = {};
    for (const warning of warnings) {
      const id = placeId(problemPointer(warning));
      (byId[id] ??= []).push(problemSentence(warning, partner, 'form'));
    }
    return byId;
  }, [warnings, partner]);
  const theme = partner.theme;
  const partnerId = partner.id;
  const context = useMemo(
    () => ({
      // Picture fields are offered the optimised copy of each upload, not its original.
      images: pictures.map(pictureToUse),
      partnerId,
      // A picture field uploads in one step and takes the copy (forms/AssetWidget.tsx).
      uploadPicture: partnerId
        ? (file: File, inPage: boolean) => uploadPicture(partnerId, file, onUploaded, inPage)
        : undefined,
      textColor: theme.textColor ?? '#2F3437',
      warnings: warningsAt,
    }),
    [pictures, partnerId, onUploaded, theme, warningsAt],
  );
  return { placed, context };
}
