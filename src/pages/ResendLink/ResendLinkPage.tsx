import { LazyResendLinkForm } from '../../flows/resendLink/LazyResendLinkForm.tsx';
import styles from '../ClaimOffer/ClaimOffer.module.css';

/**
 * /:clientId?/claim-offer/resend: "send me my link again", the page the confirmation email's
 * footer links, for a visitor whose link to step 2 is lost or has run out.
 */
export function ResendLinkPage() {
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="resend-page-title">
        <h1 id="resend-page-title" className={styles.title}>
          Get a new link to your home profile
        </h1>
        <p className={styles.cardText}>
          After you pay or claim your scan, we email you a link to create your home profile. It
          works for 7 days, until the profile is saved. Lost the email, or has the link run out? We
          can send you a new one.
        </p>
      </section>
      <LazyResendLinkForm />
    </div>
  );
}
