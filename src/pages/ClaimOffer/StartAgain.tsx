import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import styles from './ClaimOffer.module.css';
import { offerWords } from '../../i18n/areas/offer.ts';
import { useText } from '../../i18n/words.ts';

/**
 * Shown when a step is opened without what it needs (a reload in a new tab, a shared link, an old
 * bookmark): it says what happened and offers the way back, never a blank page.
 */
export function StartAgain({ title, children }: { title: string; children: ReactNode }) {
  const paths = usePartnerPaths();
  const { landingFromServer } = usePartner();
  const t = useText(offerWords);
  return (
    <section className={styles.card} aria-labelledby="start-again-title">
      <h1 id="start-again-title" className={styles.title}>
        {title}
      </h1>
      <div className={styles.notice}>{children}</div>
      <Link className={styles.primaryLink} to={paths.signupForm} reloadDocument={landingFromServer}>
        {t('startAgain')}
      </Link>
    </section>
  );
}
