import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** What this hook needs of an rjsf Form instance (its ref). */
interface Validatable {
  validateForm(): boolean;
}

/**
 * A visitor who switches language on a journey step after a failed submit keeps seeing what is
 * wrong, now in the new language (issue 37). The switch gives the form new field labels, so rjsf
 * drops the errors it showed for the old schema and, validating live only on a change, shows none
 * until the next keystroke. After the form has taken the new words (`words`: anything that changes
 * exactly when they do, such as the form's customValidate), it is validated again, once, without
 * moving focus: the visitor is on the language switch, not on the field.
 *
 * Returns the form's `focusOnFirstError`, quiet during that validation.
 */
export function useRevalidateOnLanguage(
  formRef: RefObject<Validatable | null>,
  attempted: boolean,
  words: unknown,
  focusFirstError: () => void,
): () => void {
  const quiet = useRef(false);
  const previousWords = useRef(words);
  useEffect(() => {
    if (words === previousWords.current) return;
    previousWords.current = words;
    if (!attempted) return;
    // A frame later: rjsf applies the new schema in its own update after this commit.
    const frame = requestAnimationFrame(() => {
      quiet.current = true;
      try {
        formRef.current?.validateForm();
      } finally {
        quiet.current = false;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [formRef, words, attempted]);
  return useCallback(() => {
    if (!quiet.current) focusFirstError();
  }, [focusFirstError]);
}
