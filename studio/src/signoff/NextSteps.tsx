import { useEffect, useState } from 'react';
import type { Saved } from '../review/useSave.ts';
import { VisualRefresh } from './VisualRefresh.tsx';
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
    text: 'Not recorded in git: “Record this change in git” was not checked.',
    canRecord: true,
  };
}

/**
 * "What happens next", shown after a save in place of a lone "Saved": what was written and
 * whether it was recorded in git (with a button to record it when it was not), then what
 * remains, in order, for the change to reach visitors, each a button or a plain sentence (no
 * command to type): the visual check's pictures, sign-off, publishing, and where to see the page.
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
      <ol className="studio-next-steps">
        <li>
          <strong>Refresh the visual check&apos;s pictures of this partner.</strong> The site&apos;s
          checks compare each page with pictures kept with the project; a changed page needs new
          ones.
          <div className="studio-next-action">
            <VisualRefresh id={id} onRecord={git.canRecord ? onRecord : undefined} />
          </div>
        </li>
        <li>
          <strong>Ask the partner to sign off.</strong> One file with pictures of every page and
          version, to send them.
          <div className="studio-next-action">
            <button type="button" className="studio-button studio-button-small" onClick={onShare}>
              Share for sign-off
            </button>
          </div>
        </li>
        <li>
          <strong>Publish.</strong> Visitors see the change once the site is next built and
          published from this project; whoever publishes the site does that. Until then the preview
          here shows it.
        </li>
        <li>
          <strong>See it on the site running on this computer, if there is one:</strong>{' '}
          <a href={page} target="_blank" rel="noreferrer">
            {page} (opens in a new tab)
          </a>
          .
        </li>
      </ol>
      <button type="button" className="studio-button studio-button-small" onClick={onDismiss}>
        Close this note
      </button>
    </section>
  );
}
