import { useEffect, useRef, useState } from 'react';
import { studioApi, type SignOffJob } from '../api/studioApi.ts';

/** How often the studio asks how the pictures are coming along. */
const pollMs = 700;

/**
 * One "Share for sign-off" run as the editor follows it: start it, then ask the studio server
 * where it stands until it is done or failed. A run keeps going on the server if the panel closes;
 * opening it again for the same partner picks the run up.
 */
export function useSignOff(partnerId: string) {
  const [job, setJob] = useState<SignOffJob>();
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (current: SignOffJob) => {
    setJob(current);
    if (current.state !== 'running') return;
    timer.current = setTimeout(() => {
      studioApi.signOffStatus(current.job).then(follow, (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
        setJob(undefined);
      });
    }, pollMs);
  };

  const start = async () => {
    setError(undefined);
    try {
      follow(await studioApi.signOff(partnerId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return { job, error, start, running: job?.state === 'running' };
}
