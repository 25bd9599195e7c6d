import { createContext, useContext, type ReactNode } from 'react';
import { dataLayerAnalytics, type Analytics } from './analytics.ts';
import { createHttpApi, type Api } from './api.ts';
import { localBotCheck, recaptchaBotCheck, type BotCheck } from './botCheck.ts';
import { sessionVisitStorage, type VisitStorage } from './visitStorage.ts';

/** Every outside effect the pages use, behind one context so tests and stories can swap them. */
export interface Services {
  api: Api;
  botCheck: BotCheck;
  analytics: Analytics;
  storage: VisitStorage;
}

export function defaultServices(env: ImportMetaEnv = import.meta.env): Services {
  const siteKey = env.VITE_RECAPTCHA_SITE_KEY;
  return {
    api: createHttpApi(env.VITE_API_BASE_URL || '/api'),
    botCheck: siteKey ? recaptchaBotCheck(siteKey) : localBotCheck,
    analytics: dataLayerAnalytics,
    storage: sessionVisitStorage(),
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
