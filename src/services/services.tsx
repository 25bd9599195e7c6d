import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { dataLayerAnalytics, type Analytics } from './analytics.ts';
import { createHttpApi, type Api } from './api.ts';
import { localBotCheck, recaptchaBotCheck, type BotCheck } from './botCheck.ts';
import { createTestPayments, type TestPayments } from './testPayments.ts';
import { sessionVisitStorage, type VisitStorage } from './visitStorage.ts';

/** Every outside effect the pages use, behind one context so tests and stories can swap them. */
export interface Services {
  api: Api;
  botCheck: BotCheck;
  analytics: Analytics;
  storage: VisitStorage;
  /** Present when checkout runs on the built-in test provider (no Stripe publishable key). */
  testPayments: TestPayments | undefined;
  /** Stripe publishable key; without it the test checkout is used. */
  stripePublishableKey: string | undefined;
  /**
   * Stripe's embedded form, shown once a paid checkout's session is open (by default the module
   * that fetches Stripe.js from Stripe's host, loaded then). Tests put a stand-in here: they never
   * call Stripe.
   */
  StripeCheckout?: ComponentType<StripeCheckoutProps>;
  environment: 'dev' | 'prod';
  /**
   * How long the payment return page waits for a final answer before it says it is taking
   * longer (default `slowAfterMs`, 20 s); Infinity never says so. Stories fix it, so what they
   * show never depends on how fast the machine renders them.
   */
  slowOrderAfterMs?: number;
}

/** What the process page hands Stripe's embedded form. */
export interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  /** What shows when Stripe.js cannot load; `retry` tries to load it again. */
  unavailable: (retry: () => void) => ReactNode;
}

export function defaultServices(env: ImportMetaEnv = import.meta.env): Services {
  const siteKey = env.VITE_RECAPTCHA_SITE_KEY;
  const apiBase = env.VITE_API_BASE_URL || '/api';
  const stripeKey = env.VITE_STRIPE_PUBLISHABLE_KEY || undefined;
  return {
    api: createHttpApi(apiBase),
    botCheck: siteKey ? recaptchaBotCheck(siteKey) : localBotCheck,
    analytics: dataLayerAnalytics(),
    storage: sessionVisitStorage(),
    testPayments: stripeKey ? undefined : createTestPayments(apiBase),
    stripePublishableKey: stripeKey,
    environment: env.VITE_APP_ENV === 'production' ? 'prod' : 'dev',
  };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() needs a ServicesProvider above it.');
  return services;
}
