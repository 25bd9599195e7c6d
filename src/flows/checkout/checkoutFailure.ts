import type { journeyWords } from '../../i18n/areas/journey.ts';
import { ApiError, type ErrorCode } from '../../services/api.ts';

/**
 * What a visitor can do about a failed checkout step, one action each: start again (a fresh
 * signup, the email kept), try again (now, or after waiting a minute), or contact us.
 */
export type CheckoutAction = 'startAgain' | 'retry' | 'contact';

export interface CheckoutFailure {
  /**
   * One or two sentences for the visitor (their key in the journey's words): what happened, that
   * nothing was charged, what to do.
   */
  text: keyof typeof journeyWords.en;
  action: CheckoutAction;
}

/** The server answered with a payment checkout where a free claim was expected. */
export class NotAFreeClaim extends Error {
  override name = 'NotAFreeClaim';
}

const startAgain: CheckoutFailure = {
  text: 'checkoutStartAgain',
  action: 'startAgain',
};

const waitAMinute: CheckoutFailure = {
  text: 'checkoutWaitAMinute',
  action: 'retry',
};

/**
 * Keyed by the API contract's codes: the answers of create-checkout-session (and of the free
 * claim's confirmation) that call for something other than waiting and trying again.
 */
const byCode: Partial<Record<ErrorCode, CheckoutFailure>> = {
  // The action token (30 minutes) expired, or the signup no longer matches the page.
  invalid_action_token: startAgain,
  email_mismatch: startAgain,
  unknown_referral: startAgain,
  order_not_found: startAgain,
  order_not_open: startAgain,
  order_not_free: startAgain,
  offer_closed: {
    text: 'checkoutOfferClosed',
    action: 'contact',
  },
  too_many_orders: {
    text: 'checkoutTooMany',
    action: 'contact',
  },
  invalid_return_url: {
    text: 'checkoutBadReturnUrl',
    action: 'contact',
  },
  rate_limited: {
    text: 'checkoutRateLimited',
    action: 'retry',
  },
  payment_provider_error: waitAMinute,
};

/**
 * The one mapping from a failed checkout call to what the visitor reads and the action offered,
 * shared by the Stripe checkout, the test checkout and the free claim. A fetch that never got an
 * answer (no network) is a TypeError; anything unknown is treated as passing trouble.
 */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (error instanceof NotAFreeClaim) return startAgain;
  if (error instanceof TypeError) {
    return {
      text: 'checkoutOffline',
      action: 'retry',
    };
  }
  if (error instanceof ApiError) {
    const known = error.code && Object.hasOwn(byCode, error.code) ? byCode[error.code] : undefined;
    if (known) return known;
    if (error.status === 429) return byCode.rate_limited ?? waitAMinute;
  }
  return waitAMinute;
}
