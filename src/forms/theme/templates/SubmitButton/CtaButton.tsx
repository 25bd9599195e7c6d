import type { CSSProperties, ReactNode, Ref } from 'react';
import { Spinner } from '../../../../ui/Spinner.tsx';
import styles from './CtaButton.module.css';
import { formsWords } from '../../../../i18n/areas/forms.ts';
import { useText } from '../../../../i18n/words.ts';

export interface CtaButtonProps {
  children: ReactNode;
  /** The partner's button colour; sets --color-cta for this button. Text stays var(--color-cta-text). */
  color?: string;
  /** While true the button is disabled (disabled + aria-disabled), shows a spinner, and a status says `pendingLabel`. */
  pending?: boolean;
  pendingLabel?: string;
  /**
   * Disabled without being busy: a prerendered form's button waits for the script that sends the
   * form (a click before then would be lost, and Enter would submit the bare HTML form).
   */
  disabled?: boolean;
  /** Id of text that describes what pressing the button means (the consent sentence). */
  describedBy?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The form's call-to-action submit button: at least 52px high, full width on phones, partner
 * colour, dark text. Its busy state is announced by a visually hidden polite status next to it,
 * which is always in the page so that assistive technology notices the change.
 */
export function CtaButton({
  children,
  color,
  pending = false,
  pendingLabel,
  disabled = false,
  describedBy,
  ref,
}: CtaButtonProps) {
  const t = useText(formsWords);
  const style: (CSSProperties & Record<'--color-cta', string>) | undefined = color
    ? { '--color-cta': color }
    : undefined;
  return (
    <>
      <button
        ref={ref}
        type="submit"
        className={styles.button}
        style={style}
        disabled={pending || disabled}
        aria-disabled={pending || undefined}
        aria-describedby={describedBy}
        data-pending={pending || undefined}
      >
        {pending && <Spinner size={22} />}
        <span>{children}</span>
      </button>
      <span role="status" className={styles.visuallyHidden}>
        {pending ? (pendingLabel ?? t('sending')) : ''}
      </span>
    </>
  );
}
