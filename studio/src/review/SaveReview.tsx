import { useEffect, useRef } from 'react';
import type { PreparedSave, Problem } from '../api/studioApi.ts';
import { RecordInGit, useGitRecord, type RecordChoice } from '../history/RecordInGit.tsx';
import { problemSentence } from '../places/problemWords.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * What saving will change: first in plain words (`changes`, from the version the draft started
 * from), with Save at the top; the file's change line by line against the disk behind "Show the
 * file change". Or, when the checker finds problems, why it cannot be saved. Focus moves here
 * when it opens.
 */
export function SaveReview({
  partnerId,
  partner,
  prepared,
  onConfirm,
  onCancel,
  onShowProblem,
  busy,
  changes,
}: {
  partnerId: string;
  /** The draft, whose blocks and entries the problems' sentences name. */
  partner: PartnerDraft;
  prepared: PreparedSave;
  /** The draft's changes as sentences (review/changeList.ts). */
  changes: string[];
  /** Save, once git's check has answered; recorded in git when the choice says so. */
  onConfirm: (choice: Promise<RecordChoice>) => void;
  onCancel: () => void;
  onShowProblem: (problem: Problem) => void;
  busy: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const git = useGitRecord(partnerId, changes);
  const lineCount = prepared.diff.filter((line) => line.kind !== 'same').length;
  // Only the changed lines and three lines around each, as a reviewer reads a diff.
  const near = new Set<number>();
  prepared.diff.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let at = index - 3; at <= index + 3; at++) near.add(at);
  });
  return (
    <section className="studio-card studio-review" aria-labelledby="review-heading">
      <h2 id="review-heading" ref={heading} tabIndex={-1}>
        {prepared.problems.length > 0
          ? `Save refused: ${prepared.problems.length} problem${prepared.problems.length === 1 ? '' : 's'} to fix first`
          : `Review the changes to partners/${partnerId}.json`}
      </h2>
      {prepared.problems.length > 0 ? (
        <>
          <p>
            The file is only written when the partner check finds nothing wrong. Fix these, then
            save again:
          </p>
          <ul className="studio-problem-list">
            {prepared.problems.map((problem) => (
              <li key={problem.pointer + problem.message}>
                <span className="studio-error">{problemSentence(problem, partner, 'file')}</span>{' '}
                <button
                  type="button"
                  className="studio-button studio-button-small"
                  onClick={() => onShowProblem(problem)}
                >
                  Show me
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="studio-button" onClick={onCancel}>
            Back to editing
          </button>
        </>
      ) : (
        <>
          <RecordInGit git={git} />
          <div className="studio-row">
            <button
              type="button"
              className="studio-button studio-button-primary"
              onClick={() => onConfirm(git.choice())}
              disabled={busy}
            >
              Save partners/{partnerId}.json
            </button>
            <button type="button" className="studio-button" onClick={onCancel}>
              Keep editing
            </button>
          </div>
          {changes.length === 0 ? (
            <p>Nothing changed since the file was opened.</p>
          ) : (
            <>
              <h3 id="review-changes">
                {changes.length === 1 ? 'One change' : `${changes.length} changes`}
              </h3>
              <ul className="studio-change-list" aria-labelledby="review-changes">
                {changes.map((change, index) => (
                  <li key={index}>{change}</li>
                ))}
              </ul>
            </>
          )}
          <details className="studio-file-change">
            <summary>Show the file change</summary>
            <p>
              {prepared.diskHash === null
                ? `This creates the new file partners/${partnerId}.json (${prepared.diff.length} lines).`
                : lineCount === 0
                  ? 'The file on disk stays as it is.'
                  : `${lineCount} line${lineCount === 1 ? '' : 's'} change. Removed lines are marked −, added lines +.`}
            </p>
            <pre className="studio-diff" aria-label="Changes to the file">
              {prepared.diff.map((line, index) =>
                prepared.diskHash === null || near.has(index) ? (
                  <span key={index} className={`studio-diff-${line.kind}`}>
                    {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}
                    {line.text}
                    {'\n'}
                  </span>
                ) : near.has(index - 1) ? (
                  <span key={index} className="studio-diff-gap">
                    {'  …\n'}
                  </span>
                ) : null,
              )}
            </pre>
          </details>
        </>
      )}
    </section>
  );
}
