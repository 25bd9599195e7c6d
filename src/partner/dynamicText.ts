import { createContext, useContext, useMemo } from 'react';
import { fillPartnerText, withDefaults, type FillPlaceholder } from '../config/dynamicText.ts';
import type { PartnerConfig } from '../config/generated/partner.ts';

/**
 * How this render fills the placeholders of URL-driven copy (src/config/dynamicText.ts): the
 * browser app with the query of the address the visitor arrived at (src/app/start.tsx), the
 * prerender with markers around each default (src/entry-server.tsx); anything else (Storybook,
 * the studio's preview, tests) shows the defaults.
 */
export const DynamicTextContext = createContext<FillPlaceholder>(withDefaults);

/** The partner as its pages show it: every block's placeholders filled, once per partner. */
export function usePartnerText(partner: PartnerConfig): PartnerConfig {
  const fill = useContext(DynamicTextContext);
  return useMemo(() => fillPartnerText(partner, fill), [partner, fill]);
}
