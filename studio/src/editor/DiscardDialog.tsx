import { useEffect, useRef } from 'react';
import { discardWarning } from '../images/stagedWords.ts';

/**
 * "Discard my changes?", asked in a modal dialog (focus moves into it and returns to the button
 * that opened it; Escape keeps the changes). Discarding an opened file can still be undone; a new
 * partner that was never saved is forgotten.
 */
export function DiscardDialog({
  isNew,
  stagedPictures,
  onDiscard,
  onKeep,
}: {
  isNew: boolean;
  /** Pictures uploaded since the last save: discarding deletes them. */
  stagedPictures: number;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The safe answer first: Enter or Space on arrival keeps the changes.
    keep.current?.focus();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="studio-dialog"
      aria-labelledby="discard-title"
      aria-describedby="discard-text"
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
    >
      <h2 id="discard-title">Discard your changes?</h2>
      <p id="discard-text">
        {isNew
          ? 'This new partner has never been saved: discarding it removes it from this browser. It cannot be brought back.'
          : 'The partner goes back to the file as it is saved. Undo brings your changes back while the studio stays open.'}
        {stagedPictures > 0 && ` ${discardWarning(stagedPictures, !isNew)}`}
      </p>
      <div className="studio-row">
        <button type="button" className="studio-button studio-button-danger" onClick={onDiscard}>
          {isNew ? 'Discard this new partner' : 'Discard my changes'}
        </button>
        <button type="button" className="studio-button" onClick={onKeep} ref={keep}>
          Keep editing
        </button>
      </div>
    </dialog>
  );
}
