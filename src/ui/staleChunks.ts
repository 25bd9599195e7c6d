/**
 * Script chunks that fail to load. After a deploy an open tab still names the previous build's
 * hashed files; the server keeps those for a while (docs/deploying-notes.md), but a tab older
 * than that, or a dropped connection, meets a failed import. The page then reloads once, which
 * brings the new build and keeps the journey (React Router's navigation state, the signup's
 * answers in it, survive a reload). The reload is remembered for the rest of the tab's session, so
 * a chunk that keeps failing shows the error page (ui/ErrorPage.tsx) instead of reloading again;
 * that page's "Try again" allows one more.
 */
const reloadedKey = 'homesafe.chunkReload';

/** A promise that never settles: whatever waits on it keeps what it shows until the reload. */
const never = () => new Promise<never>(() => undefined);

/** `load`, with one reload of the page (per tab session) when it fails. */
export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    try {
      if (!sessionStorage.getItem(reloadedKey)) {
        sessionStorage.setItem(reloadedKey, '1');
        location.reload();
        return never();
      }
    } catch {
      // Without session storage a reload could repeat: the error page shows instead.
    }
    throw error;
  });
}

/** The error page's "Try again": a reload that may, once more, reload again on its own. */
export function reloadPage(): void {
  try {
    sessionStorage.removeItem(reloadedKey);
  } catch {
    // Nothing remembered, nothing to forget.
  }
  location.reload();
}

/** Keeps what is on screen for good if `load` fails (an island's prerendered HTML). */
export const orKeepWaiting = <T>(load: Promise<T>): Promise<T> => load.catch(never);
