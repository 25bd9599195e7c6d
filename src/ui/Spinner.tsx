import styles from './Spinner.module.css';

/** A small rotating ring; it stops rotating under prefers-reduced-motion and never carries meaning alone. */
export function Spinner({ size = 20 }: { size?: number }) {
  return (
    <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
  );
}
