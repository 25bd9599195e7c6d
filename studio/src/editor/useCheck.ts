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
    // An answer for a draft that has changed since is dropped: answers can come back out of
    // order (a busy server), and an older one would show its problems for the newer draft and
    // leave `checking` true until the next change.
    let current = true;
    const timer = setTimeout(() => {
      studioApi
        .check(id, data)
        .then((answer) => {
          if (!current) return;
          setProblems(answer.problems);
          setWarnings(answer.warnings);
        })
        .catch((error: unknown) => {
          if (!current) return;
          setProblems([
            {
              file: '',
              pointer: '/',
              message: String(error instanceof Error ? error.message : error),
            },
          ]);
        })
        .finally(() => {
          if (current) setChecked(data);
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id, data]);

  return { problems, warnings, checking: checked !== data };
}
