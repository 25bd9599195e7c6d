import { useEffect, useState } from 'react';
import type { Saved } from '../review/useSave.ts';
import './signoff.css';

/**
 * The running site the "see it" link opens (STUDIO_SITE_URL, studio/vite.config.ts): by default
 * `npm run dev`'s address.
 */
const siteUrl = String(import.meta.env.STUDIO_SITE_URL).replace(/\/+$/, '');

/**
 * What happened to git, truthfully: recorded as a commit, nothing new to record, or not recorded
 * and why (then a button records it).
 */
function gitWords({ commit, gitNote, gitUpToDate, git }: Saved): {
  text: string;
  canRecord: boolean;
} {
  if (commit)
    return {
      text: `Recorded in git as commit ${commit.hash.slice(0, 7)}: “${commit.message.split('\n')[0] ?? ''}”.`,
      canRecord: false,
    };
  if (gitUpToDate && gitNote) return { text: gitNote, canRecord: false };
  if (gitNote)
    return { text: `Not recorded in git. ${gitNote}`, canRecord: git.readiness.canRecord };
  if (!git.readiness.canRecord) return { text: git.readiness.reason, canRecord: false };
  return {
    text: 'Not recorded in git: “Record this change in git” was not ticked.',
    canRecord: true,
  };
}

/**
 * "What happens next", shown after a save in place of a lone "Saved": what was written and
 * whether it was recorded in git (with a button to record it when it was not), then what
 * remains, in order, for the change to reach visitors in this repository: the visual baselines,
 * sign-off, a rebuild, and where to see the page now.
 */
export function NextSteps({
  saved,
  onRecord,
  onShare,
  onDismiss,
}: {
  saved: Saved;
  /** Records the saved file in git (a save that was not recorded). */
  onRecord: () => Promise<void>;
  onShare: () => void;
  onDismiss: () => void;
}) {
  const { id } = saved;
  const [recording, setRecording] = useState(false);
  const git = gitWords(saved);
  const file = `partners/${id}.json`;
  const page = `${siteUrl}/${id}`;
  // Focus moves here from the review's Save button, which is gone.
  useEffect(() => document.getElementById('next-heading')?.focus(), []);

  return (
    <section className="studio-next" aria-labelledby="next-heading">
      <h2 id="next-heading" tabIndex={-1}>
        Saved. What happens next
      </h2>
      <p className="studio-next-done" role="status">
        Saved {file}. It passes the partner check. {git.text}
      </p>
      {git.canRecord && (
        <p>
          <button
            type="button"
            className="studio-button"
            disabled={recording}
            onClick={() => {
              setRecording(true);
              void onRecord().finally(() => setRecording(false));
            }}
          >
            {recording ? 'Recording in git…' : 'Record this save in git'}
          </button>
        </p>
      )}
      <p>Still to do before visitors see it, in this order:</p>
      <ol>
        <li>
          <strong>Update the visual baselines.</strong> The tests compare each partner&apos;s pages
          with screenshots; write this partner&apos;s new or changed ones with{' '}
          <code>npm run test:visual:update</code>, look at the changed pictures in the diff and
          commit them (docs/testing.md).
        </li>
        <li>
          <strong>Ask the partner to sign off:</strong>{' '}
          <button type="button" className="studio-button studio-button-small" onClick={onShare}>
            Share for sign-off
          </button>{' '}
          writes pictures of every page and version for them.
        </li>
        <li>
          <strong>Rebuild and deploy.</strong> A built site shows the files it was built from:{' '}
          <code>npm start</code> builds again, and a deployed site needs its build and deploy
          (docs/deploying.md).
        </li>
        <li>
          <strong>See it on a running site:</strong>{' '}
          <a href={page} target="_blank" rel="noreferrer">
            {page} (opens in a new tab)
          </a>
          . With <code>npm run dev</code> running, the page shows the saved file at once; its signup
          form and A/B test go through the site&apos;s API, which reads the partner files when it
          starts, so restart <code>npm run dev</code> to try those. <code>npm start</code> shows the
          change only after it is built again.
        </li>
      </ol>
      <button type="button" className="studio-button studio-button-small" onClick={onDismiss}>
        Close this note
      </button>
    </section>
  );
}
