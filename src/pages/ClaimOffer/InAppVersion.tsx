import { use, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { inAppVersions, type VersionOf } from '../../partner/inAppVersions.ts';
import { useLanguage } from '../../i18n/languageContext.tsx';
import type { PageArrival } from '../../partner/PartnerCatalog.ts';
import type { PartnerConfig } from '../../config/generated/partner.ts';
import {
  PartnerContext,
  usePartner,
  usePartnerText,
  type PartnerContextValue,
} from '../../partner/PartnerContext.ts';
import { serverVersions } from '../../services/pageVersion.ts';

/** One memory of versions per arrival, i.e. per visit (the prerender has no arrival). */
const sessions = new WeakMap<PageArrival, VersionOf>();
function versionsOf(arrival: PageArrival | undefined): VersionOf | undefined {
  if (!arrival) return undefined;
  let versionOf = sessions.get(arrival);
  if (!versionOf) {
    versionOf = inAppVersions(arrival, serverVersions);
    sessions.set(arrival, versionOf);
  }
  return versionOf;
}

/**
 * Gives the pages below the partner as the visitor's version of `pageKey` shows it, for a page
 * the app opens itself (the claim-offer page right after signup: the signup travels as navigation
 * state, so the server never loads the page and cannot pick its version). It asks the server which
 * version the visitor is in (src/partner/inAppVersions.ts) while the step's code loads; the steps
 * after the page keep the version it showed. The page's own address (`pagePath`, its index route)
 * is where a visitor is put in a version: a campaign page's signup, which goes straight to the
 * checkout, never saw the page and is not counted in its test.
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
  const language = useLanguage();
  const found = versionsOf(outer.arrival)?.(
    outer.partner,
    pageKey,
    pagePath.test(pathname),
    language,
  );
  const version = found instanceof Promise ? use(found) : found;
  // A visit that arrived on the landing page holds the visitor's version of it; any other does not.
  const { arrival } = outer;
  const landingFromServer =
    arrival?.experiments?.includes('landing') === true && arrival.version?.page !== 'landing';
  const value = useMemo(() => ({ ...outer, landingFromServer }), [outer, landingFromServer]);
  // The control is the partner above, as it is (its copy already filled).
  return version === undefined || version === outer.partner ? (
    <PartnerContext.Provider value={value}>{children}</PartnerContext.Provider>
  ) : (
    <WithVersion version={version} base={value}>
      {children}
    </WithVersion>
  );
}

/** The pages below with a version's partner, its copy filled as the partner above was. */
function WithVersion({
  version,
  base,
  children,
}: {
  version: PartnerConfig;
  base: PartnerContextValue;
  children: ReactNode;
}) {
  const partner = usePartnerText(version);
  const value = useMemo(() => ({ ...base, partner }), [base, partner]);
  return <PartnerContext.Provider value={value}>{children}</PartnerContext.Provider>;
}
