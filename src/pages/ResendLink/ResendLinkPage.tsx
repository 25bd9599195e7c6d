import { LazyResendLinkForm } from '../../flows/resendLink/LazyResendLinkForm.tsx';
import styles from '../ClaimOffer/ClaimOffer.module.css';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/**
 * /:clientId?/claim-offer/resend: "send me my link again", the page the confirmation email's
 * footer links, for a visitor whose link to step 2 is lost or has run out.
 */
export function ResendLinkPage() {
  const t = useText(journeyWords);
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="resend-page-title">
        <h1 id="resend-page-title" className={styles.title}>
          {t('resendPageTitle')}
        </h1>
        <p className={styles.cardText}>{t('resendPageText')}</p>
      </section>
      <LazyResendLinkForm />
    </div>
  );
}
