/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the REST API; defaults to this origin's /api. */
  readonly VITE_API_BASE_URL?: string;
  /** reCAPTCHA v3 site key; without it the local bot check is used. */
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  /** Stripe publishable key; without it the built-in test checkout is used. */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  /** "production" selects each partner's prod campaign id. */
  readonly VITE_APP_ENV?: string;
  /** Site-wide Google Tag Manager container (GTM-XXXX), for partners without their own Google ids. */
  readonly VITE_GTM_CONTAINER_ID?: string;
  /** Site-wide Google Analytics 4 measurement id (G-XXXX), for partners without their own Google ids. */
  readonly VITE_GA_MEASUREMENT_ID?: string;
}
