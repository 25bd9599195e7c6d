import { randomBytes } from 'node:crypto';

/**
 * The experiment cookie: a random, pseudonymous visitor id (no personal data, nothing derived
 * from the visitor), first-party, HttpOnly (no script reads it), kept 180 days. It keeps a
 * visitor in the same version of a page on every visit and on every instance, and ties their
 * signup and order to that version in the report. A partner may turn it off (experimentCookie).
 */
export const VISITOR_COOKIE = 'hs_visitor';
export const VISITOR_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

const visitorIdPattern = /^[A-Za-z0-9_-]{22}$/;

export const newVisitorId = () => randomBytes(16).toString('base64url');

/** The visitor id in a Cookie header, when it holds a well-formed one. */
export function visitorIdFrom(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === VISITOR_COOKIE && value && visitorIdPattern.test(value)) return value;
  }
  return undefined;
}

export function visitorCookie(visitorId: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/**
 * Crawlers, link previews, lab tools (Lighthouse, headless browsers) and scripts: they see the control,
 * get no cookie and are not counted, so neither search results nor the bench depend on the split.
 */
const botPattern =
  /bot\b|bot\/|crawl|spider|slurp|lighthouse|headlesschrome|pagespeed|preview|facebookexternalhit|embedly|validator/i;

/** Every browser's user agent starts with Mozilla/; scripts (curl, fetch, monitors) do not. */
export const isBot = (userAgent: string | undefined) =>
  !userAgent || !userAgent.startsWith('Mozilla/') || botPattern.test(userAgent);
