import { useCallback, useEffect, useState } from 'react';

/** How long a spoken status stays in its live region before it is cleared. */
export const announcementLife = 10_000;

/**
 * The editor's one polite status line for screen readers: each message replaces the one before,
 * and is cleared a little later, so nobody reading the page finds an old "Removed…" sitting there.
 */
export function useAnnouncer(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  useEffect(() => {
    if (text === '') return;
    const timer = setTimeout(() => setText(''), announcementLife);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, useCallback((next: string) => setText(next), [])];
}
