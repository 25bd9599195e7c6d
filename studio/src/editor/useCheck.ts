import { useEffect, useState } from 'react';
import { studioApi, type Problem } from '../api/studioApi.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * The checker runs on the server a moment after each change, as `partners:check` would. `checking`
 * is true while the problems on screen are not yet those of this draft. Warnings do not stop a
 * save (another partner's name in a text, a block's placeholder still in place...).
 */
export function useCheck(id: string, data: PartnerDraft) {
  const [problems, setProblems] = useState<Problem[]>([]);
  const [warnings, setWarnings] = useState<Problem[]>([]);
  // The draft the current problems were found in.
  const [checked, setChecked] = useState<PartnerDraft>();

  useEffect(() => {
    const timer = setTimeout(() => {
      studioApi
        .check(id, data)
        .then((answer) => {
          setProblems(answer.problems);
          setWarnings(answer.warnings);
        })
        .catch((error: unknown) =>
          setProblems([
            {
              file: '',
              pointer: '/',
              message: String(error instanceof Error ? error.message : error),
            },
          ]),
        )
        .finally(() => setChecked(data));
    }, 250);
    return () => clearTimeout(timer);
  }, [id, data]);

  return { problems, warnings, checking: checked !== data };
}
