import { useMemo } from 'react';
import type { Picture, Problem } from '../api/studioApi.ts';
import type { StudioFormContext } from '../forms/StudioForm.tsx';
import { pictureToUse } from '../images/ImagesPanel.tsx';
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
}: {
  problems: Problem[];
  warnings: Problem[];
  partner: PartnerDraft;
  pictures: Picture[];
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
  const context = useMemo(
    () => ({
      // Picture fields are offered the optimised copy of each upload, not its original.
      images: pictures.map(pictureToUse),
      textColor: theme.textColor ?? '#2F3437',
      warnings: warningsAt,
    }),
    [pictures, theme, warningsAt],
  );
  return { placed, context };
}
