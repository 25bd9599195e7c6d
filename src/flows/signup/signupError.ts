import { ApiError, type ErrorCode } from '../../services/api.ts';

/** Spec §8: signup failures read '{status code}: {text}'. Keyed by the API contract's codes. */
const texts: Partial<Record<ErrorCode, string>> = {
  invalid_email: 'Invalid email',
  captcha_error: 'Captcha error',
};

/**
 * The alert text for a failed signup. No answer at all (fetch's TypeError: offline, or the server
 * unreachable) is said as such; anything else without a status is blank (the alert's default).
 */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof TypeError)
    return 'We could not reach our server. Please check your internet connection and try again.';
  if (!(error instanceof ApiError)) return '';
  // Only the listed values: an empty value or one like "toString" is still an unknown error.
  if (error.status === 429) {
    // A 429 says in a sentence how long to wait: our server's message names the time; any other
    // 429 (a proxy's) gets a sentence of our own.
    const sentence = error.code === 'rate_limited' ? error.message.trim() : '';
    return `429: ${sentence || 'Too many tries in a short time. Please wait a minute and try again.'}`;
  }
  const text = error.code && Object.hasOwn(texts, error.code) ? texts[error.code] : undefined;
  return `${error.status}: ${text ?? 'Unknown error'}`;
}
