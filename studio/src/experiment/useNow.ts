import { useEffect, useState } from 'react';

/**
 * The time a version's share is read at ("starts in 14 days (0% now)"): taken again every half
 * minute, and just after `changes` changes (stopping a variant sets its end to the moment of the
 * click, so its share must be read after it). Read outside the render, which must stay pure.
 */
export function useNow(changes: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const again = setTimeout(() => setNow(Date.now()), 0);
    const every = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      clearTimeout(again);
      clearInterval(every);
    };
  }, [changes]);
  return now;
}
