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
}

export function contentSecurityPolicy({ stripe, recaptcha }: ContentSecurityPolicyOptions): string {
  const stripeHosts = stripe ? ['https://js.stripe.com'] : [];
  const recaptchaHosts = recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...stripeHosts, ...recaptchaHosts],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(stripe ? ['https://*.stripe.com'] : [])],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...(stripe ? ['https://api.stripe.com'] : []),
      ...(recaptcha ? ['https://www.google.com'] : []),
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
