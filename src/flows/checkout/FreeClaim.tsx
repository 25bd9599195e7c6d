import { useMutation } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { claimOfferFor } from '../../config/offer.ts';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { ApiError, type CheckoutSessionRequest, type ErrorCode } from '../../services/api.ts';
import { useServices } from '../../services/services.tsx';
import { Html } from '../../ui/Html.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './Checkout.module.css';

/** The server answered with a payment checkout: this signup cannot be claimed for free. */
class NotAFreeClaim extends Error {
  override name = 'NotAFreeClaim';
}

/** Answers after which trying again cannot help: the signup has to start over. */
const startAgainCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_action_token',
  'email_mismatch',
  'unknown_referral',
  'too_many_orders',
  'order_not_found',
  'order_not_open',
  'order_not_free',
]);

function mustStartAgain(error: unknown): boolean {
  if (error instanceof NotAFreeClaim) return true;
  return error instanceof ApiError && error.code !== undefined && startAgainCodes.has(error.code);
}

/**
 * A free offer's process step: what the visitor gets and one button, no payment form. The button
 * opens the claim (create-checkout-session answers provider "free") and confirms it; the server
 * completes the order as a payment would, and the visitor goes on to the return page and
 * create-home exactly as after paying. Opening the claim again for the same signup answers the
 * same order, so a retry never makes a second one.
 */
export function FreeClaim({ request }: { request: () => CheckoutSessionRequest }) {
  const { api } = useServices();
  const { partner, site, landingFromServer } = usePartner();
  const paths = usePartnerPaths();
  const navigate = useNavigate();
  const noteId = useId();
  const email = request().customer_email;

  const claim = useMutation({
    mutationFn: async () => {
      const opened = await api.createCheckoutSession(request());
      if (opened.provider !== 'free') throw new NotAFreeClaim('The server expects a payment');
      return api.confirmFreeClaim({ orderId: opened.orderId, clientSecret: opened.clientSecret });
    },
    onSuccess: ({ returnUrl }) => {
      // Our own return page: moved to in the app (a full load only for another origin).
      const target = new URL(returnUrl, window.location.href);
      if (target.origin === window.location.origin) {
        void navigate(`${target.pathname}${target.search}${target.hash}`);
      } else {
        window.location.assign(target.href);
      }
    },
  });

  // The button stays focusable while busy (aria-disabled, not disabled), so focus is never lost;
  // when it gives way to "Start again", focus moves to that link.
  const focusStartAgain = useCallback((link: HTMLAnchorElement | null) => link?.focus(), []);
  const busy = claim.isPending || claim.isSuccess;
  const startAgain = claim.isError && mustStartAgain(claim.error);
  const productTitleHtml = claimOfferFor(partner, site.product).productTitleHtml;

  return (
    <div className={styles.checkout}>
      <p id={noteId} className={styles.note}>
        <strong>This scan is free.</strong> There is no charge and no card is needed.
      </p>
      <dl className={styles.summary}>
        <div>
          <dt>Email</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt>Your scan</dt>
          <Html as="dd" html={productTitleHtml} />
        </div>
        <div>
          <dt>Price</dt>
          <dd>Free</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {startAgain ? (
          <Link
            ref={focusStartAgain}
            className={styles.pay}
            to={paths.signupForm}
            reloadDocument={landingFromServer}
          >
            Start again
          </Link>
        ) : (
          <button
            type="button"
            className={styles.pay}
            aria-disabled={busy || undefined}
            aria-describedby={noteId}
            onClick={() => {
              if (!busy) claim.mutate();
            }}
          >
            {busy && <Spinner />}
            Claim my free scan
          </button>
        )}
      </div>
      <p role="status" className="visually-hidden">
        {busy ? 'Confirming your free scan…' : ''}
      </p>
      {claim.isError && (
        <p className={styles.error} role="alert">
          {startAgain
            ? 'This claim can no longer be confirmed, perhaps because the page was open for a long time. Please start again; nothing will be charged.'
            : 'We could not confirm your claim just now. Please try again.'}
        </p>
      )}
    </div>
  );
}
