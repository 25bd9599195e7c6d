import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step that asks before a change that cannot be taken back from the studio: the question, what
 * it would change or drop, and the two answers. It takes focus when it opens (its question is read
 * first), Escape or Cancel closes it, and the caller puts focus back where the user was.
 */
export function Confirm({
  id,
  question,
  children,
  confirmLabel,
  danger,
  onConfirm,
  onCancel,
}: {
  id: string;
  question: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    title.current?.focus();
    // Escape answers Cancel from anywhere in the question.
    const element = box.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      cancel.current();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div
      ref={box}
      className="studio-confirm"
      role="group"
      id={id}
      aria-labelledby={`${id}-question`}
    >
      <h5 id={`${id}-question`} ref={title} tabIndex={-1} className="studio-confirm-question">
        {question}
      </h5>
      {children}
      <div className="studio-row">
        <button
          type="button"
          className={`studio-button ${danger ? 'studio-button-danger' : 'studio-button-primary'}`}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" className="studio-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
