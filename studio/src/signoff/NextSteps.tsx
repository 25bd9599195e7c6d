import { useEffect } from 'react';
import type { SaveResponse } from '../api/studioApi.ts';
import './signoff.css';

/**
 * The running site the "see it" link opens (STUDIO_SITE_URL, studio/vite.config.ts): by default
 * `npm run dev`'s address.
 */
const siteUrl = String(import.meta.env.STUDIO_SITE_URL).replace(/\/+$/, '');

/**
 * "What happens next", shown after a save in place of a lone "Saved": what was written (or
 * recorded in git), then what remains, in order, for the change to reach visitors in this
 * repository: commit, the visual baselines, sign-off, a rebuild, and where to see the page now.
 */
export function NextSteps({
  saved,
  onShare,
  onDismiss,
}: {
  saved: SaveResponse;
  onShare: () => void;
  onDismiss: () => void;
}) {
  const { id, commit } = saved;
  const file = `partners/${id}.json`;
  const pictures = `public/partners/${id}/`;
  const page = `${siteUrl}/${id}`;
  // Focus moves here from the review's Save button, which is gone.
  useEffect(() => document.getElementById('next-heading')?.focus(), []);

  return (
    <section className="studio-next" aria-labelledby="next-heading">
      <h2 id="next-heading" tabIndex={-1}>
        Saved. What happens next
      </h2>
      <p className="studio-next-done" role="status">
        Saved {file}.{' '}
        {commit
          ? `Recorded in git as ${commit.hash.slice(0, 7)} “${commit.message.split('\n')[0] ?? ''}”, with its pictures in ${pictures}.`
          : `It passes the partner check; its pictures are in ${pictures}.`}
        {saved.gitNote && ` ${saved.gitNote}`}
      </p>
      <p>Still to do before visitors see it, in this order:</p>
      <ol>
        {!commit && (
          <li>
            <strong>Commit the change</strong> so it is kept and reviewed:{' '}
            <code>
              git add {file} {pictures} && git commit -m &quot;Partner {id}: …&quot;
            </code>
          </li>
        )}
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
