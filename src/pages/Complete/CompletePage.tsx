import styles from '../ClaimOffer/ClaimOffer.module.css';

/** The confirmation (spec §2), word for word. */
export function CompletePage() {
  return (
    <section className={styles.card} aria-labelledby="complete-title">
      <h1 id="complete-title" className={styles.title}>
        Thank you.
      </h1>
      <p>We&apos;ve set up your Discounted Home Scan.</p>
      <p>Please check your email for instructions on how to get started scanning your home.</p>
      <p className={styles.disclaimer}>
        If it doesn&apos;t arrive within a few minutes, be sure to check your spam or promotions
        folder.
      </p>
    </section>
  );
}
