import { useAtomValue } from 'jotai';
import { loadingAtom } from '../state/ui.ts';
import { Spinner } from './Spinner.tsx';
import styles from './LoadingOverlay.module.css';

/** Covers the page while something loads; screen readers hear "Loading" once. */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.panel}>
        <Spinner size={36} />
        <span>Loading…</span>
      </div>
    </div>
  );
}

/** The overlay driven by the global loading flag. */
export function GlobalLoadingOverlay() {
  return <LoadingOverlay visible={useAtomValue(loadingAtom)} />;
}
