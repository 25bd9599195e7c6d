import { useSearchParams } from 'react-router-dom';
import { readClaimToken } from '../../flows/homeProfile/claimToken.ts';
import { HomeProfileForm } from '../../flows/homeProfile/HomeProfileForm.tsx';
import { LazyResendLinkForm } from '../../flows/resendLink/LazyResendLinkForm.tsx';
import styles from '../ClaimOffer/ClaimOffer.module.css';
import { StartAgain } from '../ClaimOffer/StartAgain.tsx';

const tokenProblems = {
  missing: {
    title: 'This link is missing its code',
    text: 'Please open the link from the payment step or your confirmation email again. Lost the email? Ask for a new link below.',
  },
  malformed: {
    title: 'This link looks incomplete',
    text: 'Part of the link may have been cut off when it was copied. Please open it again from your confirmation email, or ask for a new link below.',
  },
  expired: {
    title: 'This link has expired',
    text: 'For your security, a link to create a home profile works for 7 days. Enter the email address you used below and we will send you a new one.',
  },
} as const;

/** Step 2 of 2 (spec §2): create a home profile, for a visitor holding a claim token. */
export function CreateHomePage() {
  const [params] = useSearchParams();
  const claimToken = params.get('t');
  const check = readClaimToken(claimToken);
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
              {problem.title}
            </h1>
            <p className={styles.cardText}>{problem.text}</p>
          </section>
        ) : (
          <StartAgain title={problem.title}>
            <p>{problem.text}</p>
          </StartAgain>
        )}
        <LazyResendLinkForm />
      </div>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="create-home-title">
      <h1 id="create-home-title" className={styles.title}>
        <span className={styles.step}>Step 2 of 2</span> Create a Home Profile
      </h1>
      <HomeProfileForm claimToken={claimToken} />
    </section>
  );
}
