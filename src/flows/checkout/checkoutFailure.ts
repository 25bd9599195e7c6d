import { ApiError, type ErrorCode } from '../../services/api.ts';

/**
 * What a visitor can do about a failed checkout step, one action each: start again (a fresh
 * signup, the email kept), try again (now, or after waiting a minute), or contact us.
 */
export type CheckoutAction = 'startAgain' | 'retry' | 'contact';

export interface CheckoutFailure {
  /** One or two sentences for the visitor: what happened, that nothing was charged, what to do. */
  text: string;
  action: CheckoutAction;
}

/** The server answered with a payment checkout where a free claim was expected. */
export class NotAFreeClaim extends Error {
  override name = 'NotAFreeClaim';
}

const startAgain: CheckoutFailure = {
  text: 'This offer page was open too long to go on, so nothing was charged. Please start again: your email is kept.',
  action: 'startAgain',
};

const waitAMinute: CheckoutFailure = {
  text: 'Our payment service is not answering right now, and nothing was charged. Please wait a minute and try again.',
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
    text: 'This offer is not open at the moment, so it cannot be claimed and nothing was charged. If you have questions about it, please contact us.',
    action: 'contact',
  },
  too_many_orders: {
    text: 'You have opened the checkout more times than one signup allows, and nothing more was charged. If you need another scan, please contact us.',
    action: 'contact',
  },
  invalid_return_url: {
    text: 'Our checkout cannot open from this page address, and nothing was charged. Please contact us so we can put it right.',
    action: 'contact',
  },
  rate_limited: {
    text: 'There were too many tries in a short time, and nothing was charged. Please wait a minute and try again.',
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
      text: 'We could not reach our server, and nothing was charged. Please check your internet connection and try again.',
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
