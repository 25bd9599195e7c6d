import { journeyWords } from '../../i18n/areas/journey.ts';
import { textOf, type Text } from '../../i18n/words.ts';
import { ApiError } from '../../services/api.ts';

/**
 * What the visitor reads when asking for a new link fails, in the page's language (`t`; English
 * when not given); the form keeps the address.
 */
export function resendErrorText(
  error: unknown,
  t: Text<typeof journeyWords.en> = textOf(journeyWords.en),
): string {
  if (error instanceof ApiError) {
    // Our server's 429 says how long to wait; another (a proxy's) gets a sentence of our own.
    if (error.status === 429)
      return error.code === 'rate_limited' && error.message.trim()
        ? error.message.trim()
        : t('resendTooMany');
    if (error.code === 'invalid_email') return t('resendInvalidEmail');
    if (error.code === 'captcha_error') return t('resendCaptcha');
  }
  return t('resendFailed');
}
