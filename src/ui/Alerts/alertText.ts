import type { AlertState, AlertType } from '../../state/ui.ts';

/** Spec §8: a blank message shows its type's default text. */
export const defaultAlertText: Record<AlertType, string> = {
  SUCCESS: 'Operation completed successfully',
  INFO: 'There might be more information',
  WARNING: 'Warning',
  ERROR: 'There was an error, please try again later or contact support',
};

export function alertText(alert: Pick<AlertState, 'type' | 'msg'>): string {
  return alert.msg.trim() || defaultAlertText[alert.type];
}
