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

/** The payment return page (spec §2): "Step 1 of 2" and a spinner while the order settles. */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const t = params.get('t');
  if (!orderId || !t) {
    return (
      <div className={styles.stack}>
        <StartAgain title="We could not find your order">
          <p>
            This page needs the link from the checkout. If you paid, your confirmation email has a
            link to the next step. Lost it? Ask for a new link below.
          </p>
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

interface Ending {
  title: string;
  text: string;
}

/** The page's words: a paid order is a payment being confirmed, a free offer's is a claim. */
interface Words {
  waitingTitle: string;
  waiting: string;
  slow: string;
  notFound: string;
  /** What it says for each final status but completed (which moves on to step 2). */
  endings: Record<Exclude<TerminalOrderStatus, 'completed'>, Ending>;
  completedWithoutToken: Ending;
}

/** Keyed by the API contract's statuses, so a status renamed or added there fails the type check. */
const paidWords: Words = {
  waitingTitle: 'Confirming your payment',
  waiting: 'Please wait while we confirm your payment. This usually takes a few seconds.',
  slow: 'This is taking longer than usual. We are still waiting for the payment provider to confirm; you can keep this page open and it will move on by itself. You will not be charged twice. If you close it, we email you a link to the next step once the payment is confirmed.',
  notFound:
    'The link may be incomplete. If you paid, your confirmation email has a link to the next step; lost it? Ask for a new link below.',
  endings: {
    canceled: {
      title: 'Checkout canceled',
      text: 'You left the checkout before paying, so you have not been charged. You can start again whenever you are ready.',
    },
    failed: {
      title: 'The payment did not go through',
      text: 'Your bank or card provider declined the payment and nothing was charged. Please try again, perhaps with another card.',
    },
    expired: {
      title: 'This checkout has expired',
      text: 'Checkout links stay open for a limited time and this one has closed. Nothing was charged. Please start again to claim the offer.',
    },
  },
  completedWithoutToken: {
    title: 'Payment received, one more moment needed',
    text: 'Your payment went through, but we could not open the next step yet. Please try again in a moment; the link in your confirmation email opens it too. If it keeps happening, contact us and mention your order number.',
  },
};

/** A free offer has no payment: nothing here may speak of paying, cards or charges to come. */
const freeWords: Words = {
  waitingTitle: 'Confirming your claim',
  waiting: 'Please wait while we confirm your free scan. This usually takes a few seconds.',
  slow: 'This is taking longer than usual. You can keep this page open and it will move on by itself. If you close it, we email you a link to the next step once your claim is confirmed.',
  notFound:
    'The link may be incomplete. If you claimed your free scan, your confirmation email has a link to the next step; lost it? Ask for a new link below. Otherwise, please start again from the offer page.',
  endings: {
    canceled: {
      title: 'Claim canceled',
      text: 'This claim was canceled. You can start again whenever you are ready; the scan is still free.',
    },
    failed: {
      title: 'The claim did not go through',
      text: 'Something went wrong while confirming your free scan. Please start again.',
    },
    expired: {
      title: 'This claim has expired',
      text: 'A claim stays open for a limited time and this one has closed. Please start again to claim your free scan.',
    },
  },
  completedWithoutToken: {
    title: 'Claim confirmed, one more moment needed',
    text: 'Your free scan is claimed, but we could not open the next step yet. Please try again in a moment; the link in your confirmation email opens it too. If it keeps happening, contact us and mention your order number.',
  },
};

function OrderProgress({ orderId, t }: { orderId: string; t: string }) {
  const { partner } = usePartner();
  const paths = usePartnerPaths();
  const { analytics, storage } = useServices();
  const navigate = useNavigate();
  const order = useOrderStatus(orderId, t);
  const moved = useRef(false);
  const words = isFreeOffer(partner) ? freeWords : paidWords;

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
        ? { title: 'We could not find your order', text: words.notFound }
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
            <span className={styles.step}>Step 1 of 2</span> {ending.title}
          </h1>
          <p className={styles.notice} role="alert">
            {ending.text}
          </p>
          <p className={styles.disclaimer}>Order number: {orderId}</p>
          <div className={styles.actions}>
            {ending === words.completedWithoutToken ? (
              <button type="button" className={styles.primaryButton} onClick={order.retry}>
                Try again
              </button>
            ) : (
              <a className={styles.primaryLink} href={paths.signupForm}>
                Start again
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
        <span className={styles.step}>Step 1 of 2</span> {words.waitingTitle}
      </h1>
      <p className={styles.spinnerRow} role="status">
        <Spinner size={28} />
        {order.offline ? 'We lost the connection for a moment. Reconnecting…' : words.waiting}
      </p>
      {order.slow && <p className={styles.notice}>{words.slow}</p>}
    </section>
  );
}
