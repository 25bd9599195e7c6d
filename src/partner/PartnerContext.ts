import { createContext, useContext } from 'react';
import type { PartnerConfig } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';
import type { PageArrival } from './PartnerCatalog.ts';

export interface PartnerContextValue {
  partner: PartnerConfig;
  site: SiteConfig;
  /** What the page the visit arrived on said of its partner's experiments (the browser only). */
  arrival?: PageArrival;
}

export const PartnerContext = createContext<PartnerContextValue | null>(null);

/** The partner chosen for this visit, resolved once by the layout route. */
export function usePartner(): PartnerContextValue {
  const value = useContext(PartnerContext);
  if (!value) throw new Error('usePartner() needs the PartnerLayout route above it.');
  return value;
}

/*
 * The partner's copy, filled (src/partner/dynamicText.ts), from here too: a lazily loaded step that
 * shows another partner object (a version of its page) fills it the same way, and taking it from
 * this module keeps it in the chunk every page already loads.
 */
export { usePartnerText } from './dynamicText.ts';

/**
 * Whether a link to one of the partner's pages must load it from the server (React Router's
 * reloadDocument): the page runs an A/B test, and the page this visit arrived on was not it, so
 * the app holds the page as written while only the server knows (and counts) the visitor's
 * version. A visit that arrived on that page holds the visitor's version and stays in the app.
 */
export function useLoadsFromServer(pageKey: string): boolean {
  const { arrival } = usePartner();
  return arrival?.experiments?.includes(pageKey) === true && arrival.version?.page !== pageKey;
}
