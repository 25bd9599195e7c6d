import { createContext, useContext } from 'react';
import type { PartnerConfig } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';
import type { PageArrival } from './PartnerCatalog.ts';

export interface PartnerContextValue {
  partner: PartnerConfig;
  site: SiteConfig;
  /** What the page the visit arrived on said of its partner's experiments (the browser only). */
  arrival?: PageArrival;
  /**
   * Links to the landing page load it from the server (React Router's reloadDocument): it runs an
   * A/B test and this visit began on another page, so only the server knows (and counts) the
   * visitor's version. Set for the claim-offer steps (src/pages/ClaimOffer/InAppVersion.tsx).
   */
  landingFromServer?: boolean;
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
