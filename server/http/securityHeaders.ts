/**
 * The Content-Security-Policy of the site's pages. Everything is served from this origin and no
 * code is compiled at run time (the form validators are precompiled, see
 * tools/vite-plugin-validators.ts), so scripts need neither 'unsafe-inline' nor 'unsafe-eval'.
 * Styles allow inline ones: the prerendered pages carry their critical CSS in a <style> element and
 * the partner theme is set with style attributes. Stripe and reCAPTCHA are allowed only when they
 * are configured.
 */
export interface ContentSecurityPolicyOptions {
  /** Real Stripe checkout (STRIPE_SECRET_KEY): Stripe.js, its frames and its API. */
  stripe: boolean;
  /** reCAPTCHA v3 (RECAPTCHA_SECRET_KEY): Google's script, frame and verification calls. */
  recaptcha: boolean;
  /**
   * Google Tag Manager or Google Analytics 4 (VITE_GTM_CONTAINER_ID, VITE_GA_MEASUREMENT_ID): the
   * tag's script and the hosts Google documents for its hits (developers.google.com/tag-platform/
   * security/guides/csp).
   */
  googleTag?: boolean;
}

const GOOGLE_TAG_SCRIPT = ['https://www.googletagmanager.com'];
const GOOGLE_TAG_HITS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

export function contentSecurityPolicy({
  stripe,
  recaptcha,
  googleTag = false,
}: ContentSecurityPolicyOptions): string {
  const stripeHosts = stripe ? ['https://js.stripe.com'] : [];
  const recaptchaHosts = recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...stripeHosts,
      ...recaptchaHosts,
      ...(googleTag ? GOOGLE_TAG_SCRIPT : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      ...(stripe ? ['https://*.stripe.com'] : []),
      ...(googleTag ? GOOGLE_TAG_HITS : []),
    ],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...(stripe ? ['https://api.stripe.com'] : []),
      ...(recaptcha ? ['https://www.google.com'] : []),
      ...(googleTag ? GOOGLE_TAG_HITS : []),
    ],
    'frame-src':
      stripe || recaptcha
        ? [
            ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
            ...(recaptcha ? ['https://www.google.com'] : []),
          ]
        : ["'none'"],
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
