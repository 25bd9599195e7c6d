import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { loadingAtom } from '../state/ui.ts';
import { useAtomValue } from '../state/useAtomValue.ts';
import { Spinner } from './Spinner.tsx';
import styles from './LoadingOverlay.module.css';
import { shellWords } from '../i18n/areas/shell.ts';
import { useText } from '../i18n/words.ts';

/** Covers the page while something loads; screen readers hear "Loading" once. */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  const t = useText(shellWords);
  if (!visible) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.panel}>
        <Spinner size={36} />
        <span>{t('loading')}</span>
      </div>
    </div>
  );
}

/** The overlay driven by the global loading flag. */
export function GlobalLoadingOverlay() {
  return <LoadingOverlay visible={useAtomValue(loadingAtom)} />;
}

/**
 * Raises the loading flag while it is mounted: the fallback of every Suspense boundary, so the
 * one overlay shows whenever a page's code or data is on its way. Effects do not run while
 * prerendering or while hydration keeps the prerendered HTML, so no overlay covers a page that is
 * already on screen.
 */
export function Loading() {
  const setLoading = useSetAtom(loadingAtom);
  useEffect(() => {
    setLoading(true);
    return () => setLoading(false);
  }, [setLoading]);
  return null;
}
