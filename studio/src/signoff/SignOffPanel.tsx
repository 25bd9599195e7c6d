import { useEffect } from 'react';
import { useSignOff } from './useSignOff.ts';
import './signoff.css';

/**
 * "Share for sign-off": pictures of every page and A/B version of the saved partner file, at
 * phone and desktop width, with a contact sheet, in a folder the manager sends to the partner.
 * Only the saved file is photographed (what the partner signs off is what ships), so unsaved
 * changes are named, not included. Progress and the result are read out as they come.
 */
export function SignOffPanel({
  id: partnerId,
  isNew,
  dirty,
  onClose,
}: {
  id: string;
  isNew: boolean;
  dirty: boolean;
  onClose: () => void;
}) {
  const { job, error, start, running } = useSignOff(partnerId);
  // A screen reader starts at the panel's heading when it opens.
  useEffect(() => document.getElementById('signoff-heading')?.focus(), []);

  return (
    <section className="studio-signoff" aria-labelledby="signoff-heading">
      <h2 id="signoff-heading" tabIndex={-1}>
        Share for sign-off
      </h2>
      <p>
        Takes a picture of every page of partners/{partnerId}.json, and of each version of a page
        with an A/B test, at phone (375 px) and desktop (1280 px) width, each the whole page. They
        go into one folder with a contact sheet (index.html) that names every picture: send the
        folder to the partner to approve. It takes a few seconds per picture.
      </p>
      {isNew ? (
        <p className="studio-signoff-warning">
          This partner has not been saved yet: save it first, then share it for sign-off.
        </p>
      ) : (
        dirty && (
          <p className="studio-signoff-warning">
            You have unsaved changes. The pictures show the saved file, without them: save first to
            include them.
          </p>
        )
      )}
      <div className="studio-row">
        <button
          type="button"
          className="studio-button studio-button-primary"
          onClick={() => void start()}
          disabled={isNew || running}
        >
          {dirty ? 'Take pictures of the saved file' : 'Take the pictures'}
        </button>
        <button
          type="button"
          className="studio-button"
          onClick={() => {
            onClose();
            // Back to the button that opened the panel.
            document.getElementById('signoff-open')?.focus();
          }}
        >
          Close
        </button>
      </div>
      <div role="status" aria-live="polite" className="studio-signoff-status">
        {running && job && (
          <>
            <p>
              Taking picture {Math.min(job.done + 1, job.total)} of {job.total}
              {job.current ? `: ${job.current}` : ''}…
            </p>
            <progress max={job.total} value={job.done} aria-label="Pictures taken" />
          </>
        )}
        {job?.state === 'done' && (
          <>
            <p>
              Done: {job.total} pictures and a contact sheet are in the folder{' '}
              <code>{job.folder}/</code> of the project. Send the whole folder to the partner.
            </p>
            <p>
              <a href={job.sheet} target="_blank" rel="noreferrer">
                Open the contact sheet (opens in a new tab)
              </a>
            </p>
          </>
        )}
      </div>
      {(error ?? (job?.state === 'failed' ? job.message : undefined)) && (
        <p role="alert" className="studio-error">
          {error ?? job?.message}
        </p>
      )}
    </section>
  );
}
