import { reloadPage } from './staleChunks.ts';
import styles from './ErrorPage.module.css';

/**
 * What shows when the page itself failed (a part of it that did not load, a bug): a sentence and a
 * retry, never a blank page. It needs no code that is not already here, so it shows offline too;
 * the heading takes focus so a screen reader starts reading it.
 */
export function ErrorPage() {
  return (
    <main id="main" className={styles.page}>
      <h1 ref={(heading) => heading?.focus()} tabIndex={-1}>
        This page did not load
      </h1>
      <p>The connection may have dropped, or the site was just updated. Please try again.</p>
      <button type="button" onClick={reloadPage}>
        Try again
      </button>
    </main>
  );
}
