import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The editor's header: which partner, whether there is anything unsaved and what the check says,
 * and the actions on the whole draft (undo, redo, discard, review and save, share, close).
 */
export function EditorHeader({
  id,
  name,
  isNew,
  dirty,
  checking,
  problemCount,
  busy,
  canUndo,
  canRedo,
  undoName,
  redoName,
  onUndo,
  onRedo,
  onDiscard,
  onReview,
  onShare,
  onClose,
}: {
  id: string;
  name: string;
  isNew: boolean;
  dirty: boolean;
  checking: boolean;
  problemCount: number;
  busy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** "Undo: move FAQ (faq) up": the button's accessible name and tooltip say the step. */
  undoName: string;
  redoName: string;
  onUndo: () => void;
  onRedo: () => void;
  onDiscard: () => void;
  onReview: () => void;
  /** Opens "Share for sign-off" (signoff/SignOffPanel.tsx). */
  onShare: () => void;
  onClose: () => void;
}) {
  const header = useStickyHeight();
  return (
    <header ref={header} className="studio-header">
      <div>
        <p className="studio-kicker">Partner Studio</p>
        <h1 id="partner-heading" tabIndex={-1}>
          {name} <span className="studio-muted">partners/{id}.json</span>
        </h1>
      </div>
      <p className="studio-state" role="status" aria-live="polite" data-testid="draft-state">
        {isNew
          ? 'New partner, not saved yet. Your edits are kept in this browser.'
          : dirty
            ? 'Unsaved changes, kept in this browser.'
            : 'No unsaved changes.'}{' '}
        {checking
          ? 'Checking…'
          : problemCount === 0
            ? 'The partner check finds no problems.'
            : `${problemCount} problem${problemCount === 1 ? '' : 's'} to fix.`}
      </p>
      <div className="studio-row">
        <StepButton
          word="Undo"
          name={undoName}
          onClick={onUndo}
          disabled={!canUndo}
          keys="Control+Z"
        />
        <StepButton
          word="Redo"
          name={redoName}
          onClick={onRedo}
          disabled={!canRedo}
          keys="Control+Shift+Z Control+Y"
        />
        <button
          type="button"
          className="studio-button studio-button-danger"
          onClick={onDiscard}
          disabled={!isNew && !dirty}
        >
          Discard my changes
        </button>
        <button
          type="button"
          className="studio-button studio-button-primary"
          onClick={onReview}
          disabled={busy}
          aria-keyshortcuts="Control+S"
        >
          Review and save
        </button>
        <button type="button" className="studio-button" id="signoff-open" onClick={onShare}>
          Share for sign-off
        </button>
        <button type="button" className="studio-button" onClick={onClose}>
          Close partner
        </button>
      </div>
    </header>
  );
}

/**
 * Undo or Redo with the step it would take: the accessible name says it ("Undo: move FAQ (faq)
 * up"), and so does a tooltip shown while the pointer is over the button or it has focus (the
 * keyboard sees it too, unlike a `title`). Escape hides the tooltip until the pointer or focus
 * leaves (WCAG 1.4.13); the pointer can move onto it without it going.
 */
function StepButton({
  word,
  name,
  onClick,
  disabled,
  keys,
}: {
  word: string;
  name: string;
  onClick: () => void;
  disabled: boolean;
  keys: string;
}) {
  const [hidden, setHidden] = useState(false);
  const hasStep = name !== word;
  useEffect(() => {
    if (!hasStep) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setHidden(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hasStep]);
  return (
    <span className="studio-tip" data-hidden={hidden || undefined}>
      <button
        type="button"
        className="studio-button"
        onClick={onClick}
        onMouseLeave={() => setHidden(false)}
        onBlur={() => setHidden(false)}
        disabled={disabled}
        aria-label={name}
        aria-keyshortcuts={keys}
      >
        {word}
      </button>
      {hasStep && (
        // The accessible name already says it: the tooltip is for the eyes only.
        <span className="studio-tooltip" aria-hidden="true">
          <span>{name}</span>
        </span>
      )}
    </span>
  );
}

/**
 * The header sticks to the top and wraps to more rows on narrow windows: its height, kept in the
 * page's `--studio-header-height`, is where the sticky preview stops and what a field scrolled
 * into view keeps clear of (studio.css).
 */
function useStickyHeight() {
  const header = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--studio-header-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--studio-header-height');
    };
  }, []);
  return header;
}
