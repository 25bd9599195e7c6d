import { lazy, Suspense, useState } from 'react';
import { alertAtom } from '../../state/ui.ts';
import { useAtomValue } from '../../state/useAtomValue.ts';

const Alerts = lazy(async () => ({ default: (await import('./Alerts.tsx')).Alerts }));

/**
 * The app's global alert, fetched the first time one opens: the Radix toast stays out of the first
 * download. The forms that can raise an alert fetch its code when theirs arrives (preloadAlerts.ts),
 * so it is in the page before it is needed and a form sent without a network still says so. Once
 * loaded it stays mounted (so later alerts show at once and close with their animation). The toast
 * reads the same atom, so the alert that triggered the load is the one shown.
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
