import { useEffect, useState } from 'react';
import { studioApi, type Problem } from '../api/studioApi.ts';
import type { JsonObject } from '../schema/schema.ts';

/**
 * The checker runs on the server a moment after each change, as `partners:check` would. `checking`
 * is true while the problems on screen are not yet those of this draft.
 */
export function useCheck(id: string, data: JsonObject) {
  const [problems, setProblems] = useState<Problem[]>([]);
  // The draft the current problems were found in.
  const [checked, setChecked] = useState<JsonObject>();

  useEffect(() => {
    const timer = setTimeout(() => {
      studioApi
        .check(id, data)
        .then((answer) => setProblems(answer.problems))
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

  return { problems, checking: checked !== data };
}
