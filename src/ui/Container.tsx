import type { ReactNode } from 'react';
import styles from './Container.module.css';

/** Centres content at the page's reading width with comfortable side margins. */
export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[styles.container, className].filter(Boolean).join(' ')}>{children}</div>;
}
