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
  return (
    <header className="studio-header">
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
        <button
          type="button"
          className="studio-button"
          onClick={onUndo}
          disabled={!canUndo}
          aria-label={undoName}
          title={undoName}
          aria-keyshortcuts="Control+Z"
        >
          Undo
        </button>
        <button
          type="button"
          className="studio-button"
          onClick={onRedo}
          disabled={!canRedo}
          aria-label={redoName}
          title={redoName}
          aria-keyshortcuts="Control+Shift+Z Control+Y"
        >
          Redo
        </button>
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
