import { alertsWords } from '../../i18n/areas/alerts.ts';
import { textOf, type Text } from '../../i18n/words.ts';
import type { AlertState, AlertType } from '../../state/ui.ts';

type AlertsText = Text<typeof alertsWords.en>;

/** Each type's default text and title, by catalogue key. */
const keys = {
  SUCCESS: { text: 'successText', title: 'successTitle' },
  INFO: { text: 'infoText', title: 'infoTitle' },
  WARNING: { text: 'warningText', title: 'warningTitle' },
  ERROR: { text: 'errorText', title: 'errorTitle' },
} as const satisfies Record<AlertType, Record<'text' | 'title', Parameters<AlertsText>[0]>>;

const english = textOf(alertsWords.en);

/** The alert's title for its type ("Something went wrong"). */
export function alertTitle(type: AlertType, t: AlertsText = english): string {
  return t(keys[type].title);
}

/** Spec §8: a blank message shows its type's default text (in English unless `t` says). */
export const defaultAlertText: Record<AlertType, string> = {
  SUCCESS: english(keys.SUCCESS.text),
  INFO: english(keys.INFO.text),
  WARNING: english(keys.WARNING.text),
  ERROR: english(keys.ERROR.text),
};

export function alertText(
  alert: Pick<AlertState, 'type' | 'msg'>,
  t: AlertsText = english,
): string {
  return alert.msg.trim() || t(keys[alert.type].text);
}
