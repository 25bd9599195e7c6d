import type { DiskChange } from './useDiskWatch.ts';

/**
 * Someone else's change to the file, named as theirs: merged into the draft, or, where they changed
 * a part the draft changed too, a choice between the two versions of that part.
 */
export function DiskChangeNotice({
  partnerId,
  change,
  onDismiss,
}: {
  partnerId: string;
  change: DiskChange;
  onDismiss: () => void;
}) {
  const conflict = change.conflicts.length > 0;
  return (
    <section
      className={conflict ? 'studio-notice studio-notice-error' : 'studio-notice'}
      role={conflict ? 'alert' : 'status'}
      aria-labelledby="disk-change-heading"
    >
      <h2 id="disk-change-heading" className="studio-notice-heading">
        {conflict
          ? `Someone else changed partners/${partnerId}.json where you did too`
          : `Someone else changed partners/${partnerId}.json: their change is now in your draft`}
      </h2>
      <p>Their change, saved on disk since you opened the partner:</p>
      <ul className="studio-change-list" data-testid="their-changes">
        {change.theirs.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {conflict ? (
        <>
          <p>You changed the same part. Their version of it:</p>
          <ul className="studio-change-list" data-testid="conflicts">
            {change.conflicts.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
          <p>Everything else of theirs is merged when you choose; all your other edits stay.</p>
          <div className="studio-row">
            <button type="button" className="studio-button" onClick={change.keepMine}>
              Keep my version
            </button>
            <button type="button" className="studio-button" onClick={change.takeTheirs}>
              Take their version
            </button>
          </div>
        </>
      ) : (
        <>
          <p>Your own changes are all kept.</p>
          <button type="button" className="studio-button studio-button-small" onClick={onDismiss}>
            Dismiss
          </button>
        </>
      )}
    </section>
  );
}
