import { ApiError } from '../../services/api.ts';

/** What the visitor reads when asking for a new link fails; the form keeps the address. */
export function resendErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    // Our server's 429 says how long to wait; another (a proxy's) gets a sentence of our own.
    if (error.status === 429)
      return error.code === 'rate_limited' && error.message.trim()
        ? error.message.trim()
        : 'Too many tries in a short time. Please wait a minute and try again.';
    if (error.code === 'invalid_email') return 'Please enter a valid email address.';
    if (error.code === 'captcha_error')
      return 'We could not confirm you are a person. Please try again.';
  }
  return 'We could not send your request. Please check your connection and try again.';
}
