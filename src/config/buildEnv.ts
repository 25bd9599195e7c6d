/**
 * Which browser keys a build carries, written beside index.html by the build
 * (tools/vite-plugin-build-env.ts) and read by the deploy check (server/deployCheck.ts): the
 * browser's keys are fixed when the site is built, the server's when it starts, and a pair that
 * does not match (a Stripe secret key on the server, no publishable key in the build) fails every
 * checkout. Presence only: the keys themselves stay in the bundle.
 */
export const buildEnvFile = 'build-env.json';

export interface BuildEnv {
  /** VITE_STRIPE_PUBLISHABLE_KEY was set: the process page loads Stripe's embedded checkout. */
  stripePublishableKey: boolean;
  /** VITE_RECAPTCHA_SITE_KEY was set: the forms ask reCAPTCHA for their bot-check token. */
  recaptchaSiteKey: boolean;
}
