import { AskDialog } from '../editor/AskDialog.tsx';
import { editedWords, type StoredDraft } from '../editor/draftStore.ts';

/** Changes listed at once; the rest counted. */
const listed = 6;

export interface DraftChoice {
  /** The draft kept in this browser. */
  draft: StoredDraft;
  /** Its changes against where starting over would begin, in the review's words. */
  lost: string[];
  /** Where starting over begins: "the saved file partners/acme.json", "the demo partner". */
  from: string;
}

/**
 * Opening or creating a partner that has a draft in this browser: continue the draft, or start
 * over, which names what would be lost. Cancel (or Escape) leaves everything as it was.
 */
export function DraftQuestion({
  choice: { draft, lost, from },
  onContinue,
  onStartOver,
  onCancel,
}: {
  choice: DraftChoice;
  onContinue: () => void;
  onStartOver: () => void;
  onCancel: () => void;
}) {
  const name = typeof draft.data.name === 'string' && draft.data.name ? draft.data.name : draft.id;
  const keep = { label: 'Continue the draft', onChoose: onContinue, kind: 'primary' as const };
  return (
    <AskDialog
      id="draft-question"
      title={`${name} has a draft in this browser`}
      safe={keep}
      onEscape={onCancel}
      answers={[
        keep,
        {
          label: 'Start over',
          onChoose: onStartOver,
          kind: 'danger',
        },
        { label: 'Cancel', onChoose: onCancel },
      ]}
    >
      <p>
        Last edited {editedWords(draft.updatedAt)}, not saved yet. Continue where you left off, or
        start over from {from}. Starting over loses{' '}
        {lost.length === 1 ? 'this change' : `these ${lost.length} changes`}:
      </p>
      <ul className="studio-change-list" aria-label="What starting over loses">
        {lost.slice(0, listed).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
        {lost.length > listed && <li>and {lost.length - listed} more</li>}
      </ul>
    </AskDialog>
  );
}
