import {
  CONSENT_COOKIE,
  formatConsent,
  parseConsent,
  type ConsentChoice,
} from '../../config/consentRule.ts';

/** About 6 months: how long a visitor's answer is kept before they are asked again. */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** The visitor's remembered choice in a `document.cookie` string, if any. */
export function readConsent(cookies: string): ConsentChoice | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSENT_COOKIE) return parseConsent(value.join('='));
  }
  return undefined;
}

/** The Set-Cookie form written by the page: first party, every path, Lax, Secure over https. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${formatConsent(choice)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The cookies Google's and Meta's tags set on our own site (their first-party ids), by use. */
const TAG_COOKIES = {
  analytics: /^(?:_ga|_ga_\w+|_gid|_gat\w*)$/,
  ads: /^(?:_gcl_\w+|_fbp|_fbc)$/,
};

/**
 * The expired Set-Cookie lines that remove the tags' own cookies of each refused use: for this
 * host and every parent domain they may have been set on (Google's tags use the widest).
 */
export function tagCookieRemovals(
  cookies: string,
  hostname: string,
  refused: { analytics: boolean; ads: boolean },
): string[] {
  const names = cookies
    .split(';')
    .map((part) => part.trim().split('=')[0] ?? '')
    .filter(
      (name) =>
        (refused.analytics && TAG_COOKIES.analytics.test(name)) ||
        (refused.ads && TAG_COOKIES.ads.test(name)),
    );
  const labels = hostname.split('.');
  const domains =
    labels.length > 1 ? labels.slice(0, -1).map((_, i) => labels.slice(i).join('.')) : [];
  return names.flatMap((name) => [
    `${name}=; Path=/; Max-Age=0`,
    ...domains.map((domain) => `${name}=; Path=/; Max-Age=0; Domain=.${domain}`),
  ]);
}
