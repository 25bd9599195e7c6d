/**
 * The visitor's return URL: where the payment provider (or the test checkout) sends them after
 * paying. The server appends orderId and t; string surgery rather than URLSearchParams so that
 * anything else in the URL (such as Stripe's {CHECKOUT_SESSION_ID} template) stays untouched.
 */
export const MAX_RETURN_URL_LENGTH = 2000;

export type ReturnUrlCheck = { ok: true } | { ok: false; reason: string };

/**
 * `allowedOrigins` lists whole origins ("https://scan.example.com", "http://127.0.0.1:8787"):
 * the scheme and port count as much as the host, or a visitor's status token could be sent over
 * plain http or to another service on the same host.
 */
export function checkReturnUrl(
  raw: string,
  allowedOrigins: ReadonlySet<string> | undefined,
): ReturnUrlCheck {
  if (raw.length > MAX_RETURN_URL_LENGTH) return { ok: false, reason: 'is too long' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: 'must use http or https' };
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  // In production only our own sites may receive the visitor (and the status token with them).
  if (allowedOrigins && !allowedOrigins.has(url.origin))
    return { ok: false, reason: 'is not one of our sites' };
  return { ok: true };
}

export function withOrderParams(returnUrl: string, orderId: string, statusToken: string): string {
  const hashAt = returnUrl.indexOf('#');
  const beforeHash = hashAt === -1 ? returnUrl : returnUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : returnUrl.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const kept = (queryAt === -1 ? '' : beforeHash.slice(queryAt + 1))
    .split('&')
    .filter((part) => part !== '' && !/^(orderId|t)(=|$)/.test(part));
  kept.push(`orderId=${encodeURIComponent(orderId)}`, `t=${encodeURIComponent(statusToken)}`);
  return `${path}?${kept.join('&')}${hash}`;
}
