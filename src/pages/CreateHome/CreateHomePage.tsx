import { useSearchParams } from 'react-router-dom';
import { readClaimToken } from '../../flows/homeProfile/claimToken.ts';
import { HomeProfileForm } from '../../flows/homeProfile/HomeProfileForm.tsx';
import styles from '../ClaimOffer/ClaimOffer.module.css';
import { StartAgain } from '../ClaimOffer/StartAgain.tsx';

const tokenProblems = {
  missing: {
    title: 'This link is missing its code',
    text: 'Please open the link from the payment step again. If you paid, your confirmation email has the details.',
  },
  malformed: {
    title: 'This link looks incomplete',
    text: 'Part of the link may have been cut off when it was copied. Please open it again from the payment step or your email.',
  },
  expired: {
    title: 'This link has expired',
    text: 'For your security, links to create a home profile last for a limited time. Please contact us and we will send a new one.',
  },
} as const;

/** Step 2 of 2 (spec §2): create a home profile, for a visitor holding a claim token. */
export function CreateHomePage() {
  const [params] = useSearchParams();
  const claimToken = params.get('t');
  const check = readClaimToken(claimToken);
  if (!check.ok || !claimToken) {
    const problem = tokenProblems[check.ok ? 'missing' : check.reason];
    return (
      <StartAgain title={problem.title}>
        <p>{problem.text}</p>
      </StartAgain>
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
