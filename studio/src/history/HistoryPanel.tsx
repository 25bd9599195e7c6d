import { useEffect, useMemo, useRef, useState } from 'react';
import './history.css';
import { studioApi, type PartnerHistory } from '../api/studioApi.ts';
import type { StoredDraft } from '../editor/draftStore.ts';
import { shownVersions, type ShownVersion } from './versions.ts';
import type { OnEdit } from '../editor/draftActions.ts';

/** Changes listed at once per version; the rest behind "more". */
const shownChanges = 8;

/**
 * The History tab: the partner file's versions recorded in git, newest first, each with its date,
 * author, message and what it changed in plain words. "Restore this version" makes it the draft,
 * an edit like any other: undone with Undo, reviewed and saved as usual.
 */
export function HistoryPanel({
  draft: { id: partnerId, data: draft, baseHash: savedHash },
  onRestore,
}: {
  /** The draft (compared with each version) and the saved file's hash (a save reads again). */
  draft: StoredDraft;
  onRestore: OnEdit;
}) {
  const [history, setHistory] = useState<PartnerHistory>();
  const [failure, setFailure] = useState<string>();
  const [restored, setRestored] = useState<string>();
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    studioApi.history(partnerId).then(
      (answer) => live && setHistory(answer),
      (error: unknown) =>
        live &&
        setFailure(
          `The history could not be read: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
    return () => {
      live = false;
    };
  }, [partnerId, savedHash]);

  const versions = useMemo(() => (history ? shownVersions(history) : []), [history]);
  const draftText = JSON.stringify(draft);

  // The restored version's button gives way to "this is your draft": focus the sentence instead.
  useEffect(() => {
    if (restored) status.current?.focus();
  }, [restored]);

  const restore = (version: ShownVersion) => {
    if (!version.data) return;
    onRestore(version.data, { kind: 'restore', label: `restore the version of ${version.when}` });
    setRestored(
      `The version of ${version.when} is now your draft. Review and save it to make it the partner file again, or undo to go back.`,
    );
  };

  return (
    <>
      <h2>History</h2>
      <p className="studio-help">
        Earlier versions of partners/{partnerId}.json recorded in git, newest first, each with what
        it changed.
      </p>
      <p ref={status} tabIndex={-1} role="status" className="studio-history-current">
        {restored ?? ''}
      </p>
      {failure ? (
        <p className="studio-error">{failure}</p>
      ) : !history ? (
        <p className="studio-help">Reading the history from git…</p>
      ) : history.reason ? (
        <p>{history.reason}</p>
      ) : versions.length === 0 ? (
        <p>
          No version of this partner is recorded in git yet. Check “Record this change in git” when
          you save to start its history.
        </p>
      ) : (
        <ol className="studio-history" aria-label="Recorded versions">
          {versions.map((version) => (
            <VersionItem
              key={version.hash}
              version={version}
              isDraft={version.data !== undefined && JSON.stringify(version.data) === draftText}
              onRestore={() => restore(version)}
            />
          ))}
        </ol>
      )}
    </>
  );
}

function VersionItem({
  version,
  isDraft,
  onRestore,
}: {
  version: ShownVersion;
  isDraft: boolean;
  onRestore: () => void;
}) {
  const headingId = `version-${version.hash}`;
  const first = version.changes.slice(0, shownChanges);
  const rest = version.changes.slice(shownChanges);
  return (
    <li>
      <h3 id={headingId}>
        {version.when}, by {version.author}
      </h3>
      {version.subject && <p className="studio-history-message">“{version.subject}”</p>}
      <ul className="studio-change-list" aria-label="What this version changed">
        {first.map((change, index) => (
          <li key={index}>{change}</li>
        ))}
      </ul>
      {rest.length > 0 && (
        <details className="studio-file-change">
          <summary>
            {rest.length} more change{rest.length === 1 ? '' : 's'}
          </summary>
          <ul className="studio-change-list">
            {rest.map((change, index) => (
              <li key={index}>{change}</li>
            ))}
          </ul>
        </details>
      )}
      {isDraft ? (
        <p className="studio-history-current">This version is your draft now.</p>
      ) : version.data ? (
        <button
          type="button"
          className="studio-button"
          aria-describedby={headingId}
          onClick={onRestore}
        >
          Restore this version
        </button>
      ) : null}
    </li>
  );
}
