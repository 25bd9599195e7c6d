import { useEffect, useRef, useState } from 'react';
import { studioApi, type VisualRefreshJob } from '../api/studioApi.ts';

/** How often the studio asks how the run is coming along. */
const pollMs = 1500;

/**
 * The button that takes the visual check's pictures of the saved partner again
 * (studio/server/visualRefresh.ts), then says how it went in plain words, with the way to record
 * the new pictures in git when saves can be recorded.
 */
export function VisualRefresh({ id, onRecord }: { id: string; onRecord?: () => Promise<void> }) {
  const [job, setJob] = useState<VisualRefreshJob>();
  const [error, setError] = useState<string>();
  const [recorded, setRecorded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (current: VisualRefreshJob) => {
    setJob(current);
    if (current.state !== 'running') return;
    timer.current = setTimeout(() => {
      studioApi.visualStatus(current.job).then(follow, (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
        setJob(undefined);
      });
    }, pollMs);
  };
  const start = () => {
    setError(undefined);
    setRecorded(false);
    studioApi.refreshVisual(id).then(follow, (failure: unknown) => {
      setError(failure instanceof Error ? failure.message : String(failure));
    });
  };
  const running = job?.state === 'running';

  return (
    <span className="studio-visual-refresh">
      <button
        type="button"
        className="studio-button studio-button-small"
        onClick={start}
        disabled={running}
      >
        {running ? 'Taking the pictures…' : 'Refresh the pictures'}
      </button>
      <span role="status" aria-live="polite">
        {running && ' This takes a few minutes; you can keep working meanwhile.'}
        {job?.state === 'done' && ' Done: the pictures of this partner’s pages are new.'}
      </span>
      {job?.state === 'done' && onRecord && !recorded && (
        <>
          {' '}
          <button
            type="button"
            className="studio-button studio-button-small"
            onClick={() => void onRecord().then(() => setRecorded(true))}
          >
            Record them in git
          </button>
        </>
      )}
      {(error ?? (job?.state === 'failed' ? job.message : undefined)) && (
        <span role="alert" className="studio-error studio-visual-refresh-error">
          {error ?? job?.message}
        </span>
      )}
    </span>
  );
}
