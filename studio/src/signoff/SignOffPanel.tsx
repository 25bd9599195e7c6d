import { useEffect } from 'react';
import { useSignOff } from './useSignOff.ts';
import './signoff.css';

/** "4.2 MB" (at least 0.1). */
const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1024 / 1024).toFixed(1)} MB`;

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
  const done = job?.state === 'done';
  // A screen reader starts at the panel's heading when it opens.
  useEffect(() => document.getElementById('signoff-heading')?.focus(), []);

  return (
    <section className="studio-signoff" aria-labelledby="signoff-heading">
      <h2 id="signoff-heading" tabIndex={-1}>
        Share for sign-off
      </h2>
      <p>
        Takes a picture of every page of partners/{partnerId}.json, and of each version of a page
        with an A/B test, at phone (375 px) and desktop (1280 px) width, each the whole page, and
        puts them in one file for the partner to approve: every picture named, each version of a
        tested page with its share of visitors and its schedule. It takes a few seconds per picture.
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
        {/* Once the file is made, sending it is the next step: one primary button at a time. */}
        <button
          type="button"
          className={`studio-button${done ? '' : ' studio-button-primary'}`}
          onClick={() => void start()}
          disabled={isNew || running}
        >
          {dirty
            ? 'Take pictures of the saved file'
            : done
              ? 'Take the pictures again'
              : 'Take the pictures'}
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
        {done && (
          <>
            <p>
              Done: {job.total} pictures, in one file to send the partner
              {job.fileBytes ? ` (${megabytes(job.fileBytes)})` : ''}.
            </p>
            <p className="studio-row">
              {job.file && (
                <a
                  className="studio-button studio-button-primary"
                  href={job.file}
                  download={job.file.split('/').at(-1)}
                >
                  Download the file to send
                </a>
              )}
              <a href={job.file ?? job.sheet} target="_blank" rel="noreferrer">
                Open the contact sheet (opens in a new tab)
              </a>
            </p>
            <p className="studio-muted">
              Attach the downloaded file to an email; it opens in any web browser. A copy is kept in
              the project folder {job.folder}/.
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
