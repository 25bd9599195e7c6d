import { reloadPage } from './staleChunks.ts';
import styles from './ErrorPage.module.css';
import { shellWords } from '../i18n/areas/shell.ts';
import { useTextAtHand } from '../i18n/words.ts';

/**
 * What shows when the page itself failed (a part of it that did not load, a bug): a sentence and a
 * retry, never a blank page. It needs no code that is not already here, so it shows offline too;
 * the heading takes focus so a screen reader starts reading it.
 */
export function ErrorPage() {
  // Whatever failed, this page shows: in English when its language's words could not come.
  const t = useTextAtHand(shellWords);
  return (
    <main id="main" className={styles.page}>
      <h1 ref={(heading) => heading?.focus()} tabIndex={-1}>
        {t('pageFailedTitle')}
      </h1>
      <p>{t('pageFailedText')}</p>
      <button type="button" onClick={reloadPage}>
        {t('tryAgain')}
      </button>
    </main>
  );
}
