import { createHash } from 'node:crypto';
import type { PartnerTags } from '../../src/config/tagRules.ts';

/**
 * The Content-Security-Policy of the site's pages. Everything is served from this origin and no
 * code is compiled at run time (the form validators are precompiled, see
 * tools/vite-plugin-validators.ts), so scripts need neither 'unsafe-inline' nor 'unsafe-eval'.
 * Styles allow inline ones: the prerendered pages carry their critical CSS in a <style> element and
 * the partner theme is set with style attributes. Stripe and reCAPTCHA are allowed only when they
 * are configured, and a partner's analytics and advertising tags only on that partner's pages
 * (server/http/pagePolicy.ts picks the policy of each page).
 */
export interface ContentSecurityPolicyOptions {
  /** Real Stripe checkout (STRIPE_SECRET_KEY): Stripe.js, its frames and its API. */
  stripe: boolean;
  /** reCAPTCHA v3 (RECAPTCHA_SECRET_KEY): Google's script, frame and verification calls. */
  recaptcha: boolean;
  /**
   * The page's partner's tags (src/config/tagRules.ts partnerTags: its own, or the site-wide
   * Google ids): only their hosts are allowed, and none for a partner without tags.
   */
  tags?: PartnerTags;
  /**
   * Inline scripts allowed by their hash ('sha256-...'): the consent notice's one line that hides
   * it before the first paint (src/services/consent/notice.ts), on a partner's pages that ask.
   */
  scriptHashes?: string[];
}

/**
 * Hosts per tag, as Google's guide for a Content-Security-Policy lists them
 * (developers.google.com/tag-platform/security/guides/csp: Google tag, GA4 with Google signals,
 * Tag Manager, Google Ads conversions and remarketing, which a Tag Manager container commonly
 * fires) and as the Meta pixel loads (fbevents.js and its configuration from connect.facebook.net,
 * its hits to www.facebook.com/tr).
 */
const GOOGLE_ANALYTICS: TagHosts = {
  script: ['https://*.googletagmanager.com'],
  connect: [
    'https://*.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.g.doubleclick.net',
    'https://*.google.com',
  ],
  img: [
    'https://*.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.g.doubleclick.net',
    'https://*.google.com',
  ],
  frame: [],
};
const GOOGLE_TAG_MANAGER: TagHosts = {
  script: [
    'https://*.googletagmanager.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.com',
  ],
  connect: [...GOOGLE_ANALYTICS.connect, 'https://www.googleadservices.com'],
  img: [...GOOGLE_ANALYTICS.img, 'https://www.googleadservices.com'],
  frame: [
    'https://*.googletagmanager.com',
    'https://td.doubleclick.net',
    'https://bid.g.doubleclick.net',
  ],
};
const META_PIXEL: TagHosts = {
  script: ['https://connect.facebook.net'],
  connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
  img: ['https://www.facebook.com'],
  frame: [],
};

interface TagHosts {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

/** The hosts a partner's tags need, per directive (none without tags). */
export function tagHosts(tags: PartnerTags = {}): TagHosts {
  const used = [
    ...(tags.googleTagId ? [GOOGLE_ANALYTICS] : []),
    ...(tags.tagManagerId ? [GOOGLE_TAG_MANAGER] : []),
    ...(tags.metaPixelId ? [META_PIXEL] : []),
  ];
  const union = (pick: (hosts: TagHosts) => string[]) => [...new Set(used.flatMap(pick))];
  return {
    script: union((hosts) => hosts.script),
    connect: union((hosts) => hosts.connect),
    img: union((hosts) => hosts.img),
    frame: union((hosts) => hosts.frame),
  };
}

/** The CSP source of an inline script: its SHA-256, base64. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy({
  stripe,
  recaptcha,
  tags,
  scriptHashes = [],
}: ContentSecurityPolicyOptions): string {
  const stripeHosts = stripe ? ['https://js.stripe.com'] : [];
  const recaptchaHosts = recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const tag = tagHosts(tags);
  const unique = (sources: string[]) => [...new Set(sources)];
  const frames = unique([
    ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
    ...(recaptcha ? ['https://www.google.com'] : []),
    ...tag.frame,
  ]);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique([
      "'self'",
      ...scriptHashes,
      ...stripeHosts,
      ...recaptchaHosts,
      ...tag.script,
    ]),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', ...(stripe ? ['https://*.stripe.com'] : []), ...tag.img]),
    'font-src': ["'self'"],
    'connect-src': unique([
      "'self'",
      ...(stripe ? ['https://api.stripe.com'] : []),
      ...(recaptcha ? ['https://www.google.com'] : []),
      ...tag.connect,
    ]),
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** A page or API address whose query carries a bearer token (the return page's t, create-home's t). */
const TOKEN_IN_QUERY = /[?&](?:t|token|claimToken|actionToken)=[^&]/i;

/** Referrer-Policy: no referrer at all from a page whose address carries a token. */
export function referrerPolicyFor(url: string): string {
  return url.includes('?') && TOKEN_IN_QUERY.test(url)
    ? 'no-referrer'
    : 'strict-origin-when-cross-origin';
}

/**
 * The headers every answer carries, errors included (also the router's own errors, which skip the
 * hooks): no MIME sniffing, the referrer policy, and no caching of API answers, several of which
 * carry tokens (actionToken, clientSecret, claimToken, return URLs with t).
 */
export function applyBaseSecurityHeaders(
  reply: { header(name: string, value: string): unknown },
  url: string,
): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', referrerPolicyFor(url));
  if (url.startsWith('/api/') || url === '/api') reply.header('cache-control', 'no-store');
}
