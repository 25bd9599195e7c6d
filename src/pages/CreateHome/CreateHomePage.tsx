import { useSearchParams } from 'react-router-dom';
import { readClaimToken } from '../../flows/homeProfile/claimToken.ts';
import { HomeProfileForm } from '../../flows/homeProfile/HomeProfileForm.tsx';
import { LazyResendLinkForm } from '../../flows/resendLink/LazyResendLinkForm.tsx';
import styles from '../ClaimOffer/ClaimOffer.module.css';
import { StartAgain } from '../ClaimOffer/StartAgain.tsx';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/** What a link without a usable claim token says, by the journey's words' keys. */
const tokenProblems = {
  missing: { title: 'linkMissingTitle', text: 'linkMissing' },
  malformed: { title: 'linkMalformedTitle', text: 'linkMalformed' },
  expired: { title: 'linkExpiredTitle', text: 'linkExpired' },
} as const;

/** Step 2 of 2 (spec §2): create a home profile, for a visitor holding a claim token. */
export function CreateHomePage() {
  const [params] = useSearchParams();
  const claimToken = params.get('t');
  const check = readClaimToken(claimToken);
  const t = useText(journeyWords);
  if (!check.ok || !claimToken) {
    const reason = check.ok ? 'missing' : check.reason;
    const problem = tokenProblems[reason];
    return (
      <div className={styles.stack}>
        {reason === 'expired' ? (
          // A visitor who paid: "start again" would have them pay twice, so the new link is the
          // one way on.
          <section className={styles.card} aria-labelledby="link-problem-title">
            <h1 id="link-problem-title" className={styles.title}>
              {t(problem.title)}
            </h1>
            <p className={styles.cardText}>{t(problem.text)}</p>
          </section>
        ) : (
          <StartAgain title={t(problem.title)}>
            <p>{t(problem.text)}</p>
          </StartAgain>
        )}
        <LazyResendLinkForm />
      </div>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="create-home-title">
      <h1 id="create-home-title" className={styles.title}>
        <span className={styles.step}>{t('step2')}</span> {t('createHomeTitle')}
      </h1>
      <HomeProfileForm claimToken={claimToken} />
    </section>
  );
}
