/**
 * Bearer tokens must never reach the logs: the status token `t` and the claim token ride in page
 * and API URLs (the return page's ?orderId=&t=, the create-home page's ?t=), Stripe return URLs
 * carry `t`, and an error message may quote any of them. These helpers blank them out of URLs and
 * free text before anything is logged.
 */
export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAMS = new Set([
  't',
  'token',
  'claimtoken',
  'actiontoken',
  'statustoken',
  'clientsecret',
  'client_secret',
  'captchatoken',
]);

const QUERY_PARAM = /([?&;])([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g;
// A JWT (header.payload.signature, each base64url) anywhere: our action and claim tokens.
const JWT = /\beyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]{2,}/g;
// Checkout client secrets of both providers.
const CLIENT_SECRET = /\b(test_secret_|cs_(?:test|live)_[\w]*_secret_)[\w-]+/g;

/** The URL (or any text) with the values of secret query parameters and every token blanked. */
export function redactText(text: string): string {
  return text
    .replace(QUERY_PARAM, (match, separator: string, name: string) =>
      SECRET_PARAMS.has(name.toLowerCase()) ? `${separator}${name}=${REDACTED}` : match,
    )
    .replace(JWT, REDACTED)
    .replace(CLIENT_SECRET, `$1${REDACTED}`);
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** An error as the logger should see it: message and stack redacted, the type and code kept. */
export function redactError(error: Error): LoggedError {
  const logged: LoggedError = {
    type: error.name,
    message: redactText(String(error.message)),
    stack: redactText(error.stack ?? ''),
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code !== undefined) logged.code = code;
  if (statusCode !== undefined) logged.statusCode = statusCode;
  return logged;
}
