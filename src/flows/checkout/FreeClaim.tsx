import { useMutation } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { claimOfferFor } from '../../config/offer.ts';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import type { CheckoutSessionRequest } from '../../services/api.ts';
import { useServices } from '../../services/services.tsx';
import { Html } from '../../ui/Html.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { checkoutFailure, NotAFreeClaim } from './checkoutFailure.ts';
import { contactHref } from './CheckoutFailureNotice.tsx';
import styles from './Checkout.module.css';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { useText } from '../../i18n/words.ts';

/**
 * A free offer's process step: what the visitor gets and one button, no payment form. The button
 * opens the claim (create-checkout-session answers provider "free") and confirms it; the server
 * completes the order as a payment would, and the visitor goes on to the return page and
 * create-home exactly as after paying. Opening the claim again for the same signup answers the
 * same order, so a retry never makes a second one.
 */
export function FreeClaim({ request }: { request: () => CheckoutSessionRequest }) {
  const { api } = useServices();
  const { partner, site } = usePartner();
  const paths = usePartnerPaths();
  const navigate = useNavigate();
  const noteId = useId();
  const t = useText(journeyWords);
  const email = request().customer_email;

  const claim = useMutation({
    mutationFn: async () => {
      const opened = await api.createCheckoutSession(request());
      if (opened.provider !== 'free') throw new NotAFreeClaim('The server expects a payment');
      return api.confirmFreeClaim({
        orderId: opened.orderId,
        clientSecret: opened.clientSecret,
        language: request().language,
      });
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
  // when it gives way to "Start again" or "Contact us", focus moves to that link.
  const focusLink = useCallback((link: HTMLAnchorElement | null) => link?.focus(), []);
  const busy = claim.isPending || claim.isSuccess;
  // The words and the action every checkout shares (checkoutFailure.ts); "retry" keeps the button.
  const failure = claim.isError ? checkoutFailure(claim.error) : undefined;
  const contact = contactHref(site);
  const productTitleHtml = claimOfferFor(partner, site.product).productTitleHtml;

  return (
    <div className={styles.checkout}>
      <p id={noteId} className={styles.note}>
        <strong>{t('freeNoteStrong')}</strong>
        {t('freeNote')}
      </p>
      <dl className={styles.summary}>
        <div>
          <dt>{t('email')}</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt>{t('yourScan')}</dt>
          <Html as="dd" html={productTitleHtml} />
        </div>
        <div>
          <dt>{t('price')}</dt>
          <dd>{t('free')}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {failure?.action === 'startAgain' ? (
          <Link ref={focusLink} className={styles.pay} to={paths.claimOffer} state={{ email }}>
            {t('startAgain')}
          </Link>
        ) : failure?.action === 'contact' && contact ? (
          <a ref={focusLink} className={styles.pay} href={contact}>
            {t('contactUs')}
          </a>
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
            {t('claimFree')}
          </button>
        )}
      </div>
      <p role="status" className="visually-hidden">
        {busy ? t('confirmingFree') : ''}
      </p>
      {failure && (
        <p className={styles.error} role="alert">
          {t(failure.text)}
        </p>
      )}
    </div>
  );
}
