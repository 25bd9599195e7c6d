import { useMutation, useQuery } from '@tanstack/react-query';
import { useServices } from '../../services/services.tsx';
import { testSessionId, type TestPaymentAction } from '../../services/testPayments.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { CheckoutSessionRequest } from '../../services/api.ts';
import { checkoutFailure } from './checkoutFailure.ts';
import { CheckoutFailureNotice } from './CheckoutFailureNotice.tsx';
import styles from './Checkout.module.css';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/**
 * The built-in test checkout (no keys, no network): clearly labelled, no real charge. Paying,
 * declining or cancelling drives the same order statuses a real payment would, then leaves for
 * the return page the way Stripe's embedded checkout does.
 */
export function TestCheckout({ request }: { request: () => CheckoutSessionRequest }) {
  const { api, testPayments } = useServices();
  const body = request();
  const t = useText(journeyWords);
  const session = useQuery({
    // One session per signup: the cache keeps React's double effects from creating two.
    queryKey: ['checkout-session', body.actionToken],
    queryFn: async () => {
      const { clientSecret } = await api.createCheckoutSession(body);
      const sessionId = testSessionId(clientSecret);
      if (!sessionId || !testPayments) throw new Error('The server did not start a test checkout.');
      return { sessionId, details: await testPayments.session(sessionId) };
    },
    staleTime: Infinity,
    retry: false,
  });
  const action = useMutation({
    mutationFn: async (choice: TestPaymentAction) => {
      if (!session.data || !testPayments) throw new Error('No checkout session');
      return testPayments.act(session.data.sessionId, choice);
    },
    onSuccess: ({ returnUrl }) => window.location.assign(returnUrl),
  });

  if (session.isPending) {
    return (
      <p className={styles.status} role="status">
        <Spinner /> {t('preparingCheckout')}
      </p>
    );
  }
  if (session.isError) {
    return (
      <CheckoutFailureNotice
        failure={checkoutFailure(session.error)}
        email={body.customer_email}
        onRetry={() => void session.refetch()}
      />
    );
  }

  // A refusal that another press of Pay cannot mend (the order expired, or was paid, declined or
  // cancelled in another tab) offers the way on instead of the buttons; one that can (no network,
  // a passing failure) is said above them, and pressing again is the retry.
  const failure = action.isError ? checkoutFailure(action.error) : undefined;
  if (failure && failure.action !== 'retry') {
    return (
      <CheckoutFailureNotice failure={failure} email={body.customer_email} onRetry={action.reset} />
    );
  }

  const { details } = session.data;
  const busy = action.isPending || action.isSuccess;
  return (
    <div className={styles.checkout}>
      <p className={styles.banner}>
        <strong>{t('testBannerStrong')}</strong>
        {t('testBanner')}
      </p>
      <dl className={styles.summary}>
        <div>
          <dt>{t('email')}</dt>
          <dd>{details.email}</dd>
        </div>
        <div>
          <dt>{t('amount')}</dt>
          <dd>{t('amountValue', { amount: details.amountCents / 100 })}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.pay}
          disabled={busy}
          onClick={() => action.mutate('pay')}
        >
          {action.variables === 'pay' && busy ? <Spinner /> : null}
          {t('pay', { amount: details.amountCents / 100 })}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => action.mutate('decline')}
        >
          {t('simulateDecline')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => action.mutate('cancel')}
        >
          {t('cancelCheckout')}
        </button>
      </div>
      {failure && (
        <p className={styles.error} role="alert">
          {t(failure.text)}
        </p>
      )}
    </div>
  );
}
