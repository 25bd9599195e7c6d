import * as Toast from '@radix-ui/react-toast';
import { useSetAtom } from 'jotai';
import { alertAutoHideMs } from '../../config/constants.ts';
import { alertAtom } from '../../state/ui.ts';
import { useAtomValue } from '../../state/useAtomValue.ts';
import { alertText, alertTitle } from './alertText.ts';
import { alertsWords } from '../../i18n/areas/alerts.ts';
import { useText } from '../../i18n/words.ts';
import styles from './Alerts.module.css';

/**
 * The global alert (spec §3, §8) as a Radix toast: hides after 10 s, closable, announced to
 * screen readers (assertively for errors).
 */
export function Alerts() {
  const alert = useAtomValue(alertAtom);
  const setAlert = useSetAtom(alertAtom);
  const t = useText(alertsWords);
  return (
    <Toast.Provider swipeDirection="right" duration={alertAutoHideMs} label={t('region')}>
      <Toast.Root
        // A new message replacing one still shown is a new toast: announced, with its own 10 s.
        key={`${alert.type}:${alert.msg}`}
        className={`${styles.toast} ${styles[alert.type]}`}
        open={alert.open}
        onOpenChange={(open) => setAlert((current) => ({ ...current, open }))}
        type={alert.type === 'ERROR' ? 'foreground' : 'background'}
        data-alert-type={alert.type}
      >
        {/* The trailing space keeps the title and the text apart in Radix's announcement. */}
        <Toast.Title className={styles.title}>{`${alertTitle(alert.type, t)} `}</Toast.Title>
        <Toast.Description className={styles.description}>{alertText(alert, t)}</Toast.Description>
        <Toast.Close className={styles.close} aria-label={t('close')}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              d="M5 5l10 10M15 5L5 15"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </Toast.Close>
      </Toast.Root>
      <Toast.Viewport className={styles.viewport} />
    </Toast.Provider>
  );
}
