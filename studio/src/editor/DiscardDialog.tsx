import { discardWarning } from '../images/stagedWords.ts';
import { AskDialog, type Answer } from './AskDialog.tsx';

/**
 * "Discard your changes?", asked in a modal dialog (AskDialog: focus moves into it and returns to
 * the button that opened it; Escape keeps the changes). Discarding an opened file can still be
 * undone; a new partner that was never saved is forgotten.
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
  const keep: Answer = { label: 'Keep editing', onChoose: onKeep };
  return (
    <AskDialog
      id="discard"
      title="Discard your changes?"
      safe={keep}
      // Once discarded, "Discard my changes" is disabled: the partner's heading takes focus.
      returnTo="partner-heading"
      answers={[
        {
          label: isNew ? 'Discard this new partner' : 'Discard my changes',
          onChoose: onDiscard,
          kind: 'danger',
        },
        keep,
      ]}
    >
      <p>
        {isNew
          ? 'This new partner has never been saved: discarding it removes it from this browser. It cannot be brought back.'
          : 'The partner goes back to the file as it is saved. Undo brings your changes back while the studio stays open.'}
        {stagedPictures > 0 && ` ${discardWarning(stagedPictures, !isNew)}`}
      </p>
    </AskDialog>
  );
}
