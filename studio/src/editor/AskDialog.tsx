import { useEffect, useRef, type ReactNode } from 'react';

export interface Answer {
  label: string;
  onChoose: () => void;
  kind?: 'primary' | 'danger';
}

/** The element to give focus back to: still on the page and usable, else the fallback's. */
function focusBack(opener: Element | null, fallbackId: string | undefined) {
  const usable =
    opener instanceof HTMLElement &&
    opener.isConnected &&
    !(opener instanceof HTMLButtonElement && opener.disabled);
  const target = usable ? opener : fallbackId ? document.getElementById(fallbackId) : null;
  target?.focus();
}

/**
 * A question asked in a modal dialog: focus moves to the safe answer (`safe`, first on arrival so
 * Enter or Space keeps everything), Escape answers it (or `onEscape`), and when the dialog closes focus returns
 * to what opened it (or, when that is gone or disabled, to `returnTo`). React removes the dialog
 * from the page rather than closing it, and the browser then drops focus on the page's body, so
 * the dialog gives it back itself.
 */
export function AskDialog({
  id,
  title,
  children,
  answers,
  safe,
  returnTo,
  onEscape,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** The answers, in the order shown; the safe one (by its label) is among them. */
  answers: Answer[];
  /** The answer Escape gives and focus starts on. */
  safe: Answer;
  /** The id of an element to focus when the opener is gone or disabled. */
  returnTo?: string;
  /** What Escape does, when not the safe answer (such as Cancel beside a safe Continue). */
  onEscape?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const safeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    if (element && !element.open) element.showModal();
    safeButton.current?.focus();
    return () => {
      element?.close();
      focusBack(opener, returnTo);
    };
  }, [returnTo]);
  return (
    <dialog
      ref={dialog}
      id={id}
      className="studio-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        (onEscape ?? safe.onChoose)();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`} className="studio-dialog-text">
        {children}
      </div>
      <div className="studio-row">
        {answers.map((answer) => (
          <button
            key={answer.label}
            type="button"
            ref={answer.label === safe.label ? safeButton : undefined}
            className={answer.kind ? `studio-button studio-button-${answer.kind}` : 'studio-button'}
            onClick={answer.onChoose}
          >
            {answer.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
