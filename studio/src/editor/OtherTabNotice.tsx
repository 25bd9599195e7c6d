import { describeChanges } from '../review/changeList.ts';
import { editedWords, type StoredDraft } from './draftStore.ts';

/** Differences listed at once; the rest counted. */
const shown = 5;

/**
 * This partner's draft was changed in another tab or window of this browser since this tab last
 * kept it. Neither is written over until the person chooses: this tab's edits stay in this tab
 * (not yet kept in the browser), the other's stay kept.
 */
export function OtherTabNotice({
  theirs,
  mine,
  onTake,
  onKeep,
}: {
  theirs: StoredDraft;
  mine: StoredDraft;
  onTake: () => void;
  onKeep: () => void;
}) {
  // What taking theirs would change here, in the review's words.
  const differences = describeChanges(mine.data, theirs.data);
  return (
    <section
      className="studio-notice studio-notice-error"
      role="alert"
      aria-labelledby="other-tab-heading"
      data-testid="other-tab"
    >
      <h2 id="other-tab-heading" className="studio-notice-heading">
        This partner is also being edited in another tab or window
      </h2>
      <p>
        Its draft there was changed {editedWords(theirs.updatedAt)}. To keep both safe, the edits
        you make in this tab stay in this tab only until you choose which draft to keep.
      </p>
      {differences.length > 0 && (
        <>
          <p>The other tab's draft differs from this one:</p>
          <ul className="studio-change-list">
            {differences.slice(0, shown).map((line, index) => (
              <li key={index}>{line}</li>
            ))}
            {differences.length > shown && <li>and {differences.length - shown} more</li>}
          </ul>
        </>
      )}
      <div className="studio-row">
        <button type="button" className="studio-button" onClick={onTake}>
          Use the other tab's draft (Undo brings this tab's back)
        </button>
        <button type="button" className="studio-button" onClick={onKeep}>
          Keep this tab's draft (replaces the other tab's)
        </button>
      </div>
    </section>
  );
}
