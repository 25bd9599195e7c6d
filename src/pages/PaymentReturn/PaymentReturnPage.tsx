import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isFreeOffer } from '../../config/offer.ts';
import { purchaseEventId } from '../../config/purchaseEvent.ts';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { WithQueryClient } from '../../services/query/WithQueryClient.tsx';
import { isTerminal, type TerminalOrderStatus } from '../../flows/checkout/orderStatus.ts';
import { useOrderStatus } from '../../flows/checkout/useOrderStatus.ts';
import { useServices } from '../../services/services.tsx';
import { LazyResendLinkForm } from '../../flows/resendLink/LazyResendLinkForm.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from '../ClaimOffer/ClaimOffer.module.css';
import { StartAgain } from '../ClaimOffer/StartAgain.tsx';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/** The payment return page (spec §2): "Step 1 of 2" and a spinner while the order settles. */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const t = params.get('t');
  const text = useText(journeyWords);
  if (!orderId || !t) {
    return (
      <div className={styles.stack}>
        <StartAgain title={text('orderNotFoundTitle')}>
          <p>{text('orderNotFoundText')}</p>
        </StartAgain>
        <LazyResendLinkForm />
      </div>
    );
  }
  return (
    <WithQueryClient>
      <OrderProgress orderId={orderId} t={t} />
    </WithQueryClient>
  );
}

type JourneyKey = keyof typeof journeyWords.en;

/** A final state's title and sentence (keys of the journey's words). */
interface Ending {
  title: JourneyKey;
  text: JourneyKey;
}

/** The page's words: a paid order is a payment being confirmed, a free offer's is a claim. */
interface Words {
  waitingTitle: JourneyKey;
  waiting: JourneyKey;
  slow: JourneyKey;
  notFound: JourneyKey;
  /** What it says for each final status but completed (which moves on to step 2). */
  endings: Record<Exclude<TerminalOrderStatus, 'completed'>, Ending>;
  completedWithoutToken: Ending;
}

/** Keyed by the API contract's statuses, so a status renamed or added there fails the type check. */
const paidWords: Words = {
  waitingTitle: 'paidWaitingTitle',
  waiting: 'paidWaiting',
  slow: 'paidSlow',
  notFound: 'paidNotFound',
  endings: {
    canceled: { title: 'paidCanceledTitle', text: 'paidCanceled' },
    failed: { title: 'paidFailedTitle', text: 'paidFailed' },
    expired: { title: 'paidExpiredTitle', text: 'paidExpired' },
  },
  completedWithoutToken: { title: 'paidNoTokenTitle', text: 'paidNoToken' },
};

/** A free offer has no payment: nothing here may speak of paying, cards or charges to come. */
const freeWords: Words = {
  waitingTitle: 'freeWaitingTitle',
  waiting: 'freeWaiting',
  slow: 'freeSlow',
  notFound: 'freeNotFound',
  endings: {
    canceled: { title: 'freeCanceledTitle', text: 'freeCanceled' },
    failed: { title: 'freeFailedTitle', text: 'freeFailed' },
    expired: { title: 'freeExpiredTitle', text: 'freeExpired' },
  },
  completedWithoutToken: { title: 'freeNoTokenTitle', text: 'freeNoToken' },
};

function OrderProgress({ orderId, t }: { orderId: string; t: string }) {
  const { partner } = usePartner();
  const paths = usePartnerPaths();
  const { analytics, storage } = useServices();
  const navigate = useNavigate();
  const order = useOrderStatus(orderId, t);
  const moved = useRef(false);
  const words = isFreeOffer(partner) ? freeWords : paidWords;
  const text = useText(journeyWords);

  useEffect(() => {
    if (order.status !== 'completed' || !order.claimToken || moved.current) return;
    moved.current = true;
    // The order id and event id the server's conversions carry too (docs/measurement.md), so a
    // partner's tags count a purchase seen by both the browser and the server once.
    if (storage.markPurchaseReported(orderId))
      analytics.track('report_purchase', {
        client_id: partner.id,
        transaction_id: orderId,
        event_id: purchaseEventId(orderId),
      });
    void navigate(`${paths.createHome}?t=${encodeURIComponent(order.claimToken)}`, {
      replace: true,
    });
  }, [
    analytics,
    navigate,
    order.claimToken,
    order.status,
    orderId,
    partner.id,
    paths.createHome,
    storage,
  ]);

  const ending: Ending | undefined =
    order.status === 'completed' && !order.claimToken
      ? words.completedWithoutToken
      : order.notFound
        ? { title: 'orderNotFoundTitle', text: words.notFound }
        : order.status && order.status !== 'completed' && isTerminal(order.status)
          ? words.endings[order.status]
          : undefined;

  if (ending) {
    // No order for this link: the visitor may have paid, so the way to a new link is offered.
    const lost = ending !== words.completedWithoutToken && Boolean(order.notFound);
    return (
      <div className={styles.stack}>
        <section className={styles.card} aria-labelledby="return-title">
          <h1 id="return-title" className={styles.title}>
            <span className={styles.step}>{text('step1')}</span> {text(ending.title)}
          </h1>
          <p className={styles.notice} role="alert">
            {text(ending.text)}
          </p>
          <p className={styles.disclaimer}>{text('orderNumber', { orderId })}</p>
          <div className={styles.actions}>
            {ending === words.completedWithoutToken ? (
              <button type="button" className={styles.primaryButton} onClick={order.retry}>
                {text('tryAgain')}
              </button>
            ) : (
              <a className={styles.primaryLink} href={paths.signupForm}>
                {text('startAgain')}
              </a>
            )}
          </div>
        </section>
        {lost && <LazyResendLinkForm />}
      </div>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="return-title" aria-busy="true">
      <h1 id="return-title" className={styles.title}>
        <span className={styles.step}>{text('step1')}</span> {text(words.waitingTitle)}
      </h1>
      <p className={styles.spinnerRow} role="status">
        <Spinner size={28} />
        {order.offline ? text('reconnecting') : text(words.waiting)}
      </p>
      {order.slow && <p className={styles.notice}>{text(words.slow)}</p>}
    </section>
  );
}
