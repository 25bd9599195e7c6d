import { useCallback, useEffect, useState } from 'react';

/** How long a spoken status stays in its live region before it is cleared. */
export const announcementLife = 10_000;

/** A message of the status line, and which one it is (the same words said twice are two). */
export interface Announcement {
  text: string;
  count: number;
}

/**
 * The editor's one polite status line for screen readers: each message replaces the one before,
 * and is cleared a little later, so nobody reading the page finds an old "Removed…" sitting there.
 * Render `text` keyed by `count`: the same words said again (a second Undo of a like step) are then
 * a new node of the live region, which a screen reader says again.
 */
export function useAnnouncer(): [Announcement, (text: string) => void] {
  const [said, setSaid] = useState<Announcement>({ text: '', count: 0 });
  useEffect(() => {
    if (said.text === '') return;
    const timer = setTimeout(
      () => setSaid((current) => ({ text: '', count: current.count })),
      announcementLife,
    );
    return () => clearTimeout(timer);
  }, [said]);
  const announce = useCallback(
    (text: string) => setSaid((current) => ({ text, count: current.count + 1 })),
    [],
  );
  return [said, announce];
}
