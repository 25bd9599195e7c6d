import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { alertAtom } from '../../state/ui.ts';

const Alerts = lazy(async () => ({ default: (await import('./Alerts.tsx')).Alerts }));

/**
 * The app's global alert, fetched the first time one opens: the Radix toast stays out of the first
 * download, and once loaded it stays mounted (so later alerts show at once and close with their
 * animation). The toast reads the same atom, so the alert that triggered the load is the one shown.
 */
export function LazyAlerts() {
  const alert = useAtomValue(alertAtom);
  const [needed, setNeeded] = useState(false);
  if (alert.open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Alerts />
    </Suspense>
  );
}
