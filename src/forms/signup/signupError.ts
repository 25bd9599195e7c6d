import { formsWords } from '../../i18n/areas/forms.ts';
import type { Language } from '../../i18n/languages.ts';
import { catalogueIn, textOf } from '../../i18n/words.ts';
import type { ApiError, ErrorCode } from '../../services/api.ts';
import { englishForms, type FormsText } from './messages.ts';

/** Spec §8: signup failures read '{status code}: {text}'. Keyed by the API contract's codes. */
const texts: Partial<Record<ErrorCode, Parameters<FormsText>[0]>> = {
  invalid_email: 'signupInvalidEmail',
  captcha_error: 'signupCaptchaError',
};

/**
 * ApiError, told by its name: importing the class would take the API client out of the first
 * load's chunk into one of its own, shared with this module's (about 150 bytes more on every page).
 */
const isApiError = (error: unknown): error is ApiError =>
  error instanceof Error && error.name === 'ApiError';

/**
 * The alert text for a failed signup, in the page's language (`t`; English when not given). No
 * answer at all (fetch's TypeError: offline, or the server unreachable) is said as such; anything
 * else without a status is blank (the alert's default).
 */
export function signupErrorMessage(error: unknown, t: FormsText = englishForms): string {
  if (error instanceof TypeError) return t('signupOffline');
  if (!isApiError(error)) return '';
  // Only the listed values: an empty value or one like "toString" is still an unknown error.
  if (error.status === 429) {
    // A 429 says in a sentence how long to wait: our server's message names the time; any other
    // 429 (a proxy's) gets a sentence of our own.
    const sentence = error.code === 'rate_limited' ? error.message.trim() : '';
    return `429: ${sentence || t('signupTooManyTries')}`;
  }
  const text = error.code && Object.hasOwn(texts, error.code) ? texts[error.code] : undefined;
  return `${error.status}: ${t(text ?? 'signupUnknownError')}`;
}

/**
 * The same in `language`. The landing page's signup fetches this module only when a signup fails
 * (the signup form fetches it ahead, with its own code, so an offline visitor is still told), so
 * these sentences are no part of any page's first load.
 */
export async function signupErrorIn(error: unknown, language: Language): Promise<string> {
  return signupErrorMessage(error, textOf(await catalogueIn(formsWords, language)));
}
