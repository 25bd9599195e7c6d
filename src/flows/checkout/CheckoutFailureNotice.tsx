import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { SiteConfig } from '../../config/generated/site.ts';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import type { CheckoutFailure } from './checkoutFailure.ts';
import styles from './Checkout.module.css';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/** The site's contact link (the footer's "Contact" entry, else its mailto: link). */
export function contactHref(site: SiteConfig): string | undefined {
  const { links } = site.footer;
  return (
    links.find((link) => /contact/i.test(link.label)) ??
    links.find((link) => link.href.startsWith('mailto:'))
  )?.href;
}

/**
 * A failed checkout step, said in the shared words (checkoutFailure.ts) with the one action that
 * helps. The notice is an alert (read out when it appears) and its action takes focus, so a
 * keyboard or screen reader user is where the way on is. "Start again" opens the offer page with
 * the email filled in.
 */
export function CheckoutFailureNotice({
  failure,
  email,
  onRetry,
}: {
  failure: CheckoutFailure;
  email: string;
  onRetry: () => void;
}) {
  const { site } = usePartner();
  const paths = usePartnerPaths();
  const focus = useCallback((control: HTMLElement | null) => control?.focus(), []);
  const contact = contactHref(site);
  const t = useText(journeyWords);
  return (
    <div className={styles.checkout}>
      <div className={styles.error} role="alert">
        <p>{t(failure.text)}</p>
      </div>
      <div className={styles.actions}>
        {failure.action === 'startAgain' && (
          <Link ref={focus} className={styles.pay} to={paths.claimOffer} state={{ email }}>
            {t('startAgain')}
          </Link>
        )}
        {failure.action === 'retry' && (
          <button ref={focus} type="button" className={styles.pay} onClick={onRetry}>
            {t('tryAgain')}
          </button>
        )}
        {failure.action === 'contact' &&
          (contact ? (
            <a ref={focus} className={styles.pay} href={contact}>
              {t('contactUs')}
            </a>
          ) : null)}
      </div>
    </div>
  );
}
