import styles from '../ClaimOffer/ClaimOffer.module.css';
import { offerWords } from '../../i18n/areas/offer.ts';
import { useText } from '../../i18n/words.ts';

/** The confirmation (spec §2), word for word. */
export function CompletePage() {
  const t = useText(offerWords);
  return (
    <section className={styles.card} aria-labelledby="complete-title">
      <h1 id="complete-title" className={styles.title}>
        {t('completeTitle')}
      </h1>
      <p>{t('completeSetUp')}</p>
      <p>{t('completeCheckEmail')}</p>
      <p className={styles.disclaimer}>{t('completeSpam')}</p>
    </section>
  );
}
