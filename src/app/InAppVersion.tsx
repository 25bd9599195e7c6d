import { use, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { usePartnerCatalog } from '../partner/PartnerCatalog.ts';
import { PartnerContext, usePartner } from '../partner/PartnerContext.ts';
import { usePartnerText } from '../partner/dynamicText.ts';

/**
 * Gives the pages below the partner as the visitor's version of `pageKey` shows it, for a page
 * the app opens itself (the claim-offer page right after signup: the signup travels as navigation
 * state, so the server never loads the page and cannot pick its version). The catalog asks the
 * server which version the visitor is in (src/partner/browserCatalog.ts) while the step's code
 * loads; the steps after the page keep the version it showed. The page's own address (`pagePath`,
 * its index route) is where a visitor is put in a version: a campaign page's signup, which goes
 * straight to the checkout, never saw the page and is not counted in its test.
 */
export function InAppVersion({
  pageKey,
  pagePath,
  children,
}: {
  pageKey: string;
  pagePath: RegExp;
  children: ReactNode;
}) {
  const outer = usePartner();
  const { pathname } = useLocation();
  const found = usePartnerCatalog().versionOf?.(outer.partner, pageKey, pagePath.test(pathname));
  const version = found instanceof Promise ? use(found) : found;
  // The control is the partner above, as it is (its copy already filled).
  const own = version === undefined || version === outer.partner ? undefined : version;
  const shown = usePartnerText(own ?? outer.partner);
  const value = useMemo(() => (own ? { ...outer, partner: shown } : outer), [outer, own, shown]);
  return <PartnerContext.Provider value={value}>{children}</PartnerContext.Provider>;
}
