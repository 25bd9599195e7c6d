import { createContext, useContext } from 'react';
import type { PartnerConfig } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';

export interface PartnerContextValue {
  partner: PartnerConfig;
  site: SiteConfig;
}

export const PartnerContext = createContext<PartnerContextValue | null>(null);

/** The partner chosen for this visit, resolved once by the layout route. */
export function usePartner(): PartnerContextValue {
  const value = useContext(PartnerContext);
  if (!value) throw new Error('usePartner() needs the PartnerLayout route above it.');
  return value;
}
