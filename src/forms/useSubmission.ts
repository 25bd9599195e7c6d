import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The submit state every form shares: one submission at a time, "pending" while it runs, the
 * form idle again (with its values) however it ends, and focus handed back to the button that the
 * disabled state took it from. The submitter reports its own failures (alerts); a rejection is
 * swallowed here only so it does not surface as an unhandled rejection.
 */
export function useSubmission<T>(
  submit: (values: T) => Promise<void>,
  buttonRef: RefObject<HTMLButtonElement | null>,
) {
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const mountedRef = useRef(true);
  // Whether focus goes back to the button once the form is idle again (it had focus at submit).
  const restoreFocusRef = useRef(false);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  // After the commit that re-enables the button (a disabled button cannot take focus), and only
  // if the visitor has not put focus somewhere else meanwhile.
  useEffect(() => {
    if (pending || !restoreFocusRef.current) return;
    restoreFocusRef.current = false;
    if (document.activeElement === null || document.activeElement === document.body) {
      buttonRef.current?.focus();
    }
  }, [pending, buttonRef]);

  const run = useCallback(
    (values: T) => {
      if (pendingRef.current) return;
      pendingRef.current = true;
      setPending(true);
      restoreFocusRef.current = document.activeElement === buttonRef.current;
      let sending: Promise<void>;
      try {
        sending = Promise.resolve(submit(values));
      } catch (error) {
        sending = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      void sending
        .finally(() => {
          pendingRef.current = false;
          if (mountedRef.current) setPending(false);
        })
        .catch(() => undefined);
    },
    [buttonRef, submit],
  );

  return { pending, run };
}

/** Focuses the first invalid control and scrolls its whole field into view. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  const control = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!control) return;
  control.focus({ preventScroll: true });
  (control.closest('[data-field]') ?? control).scrollIntoView({ block: 'center' });
}
