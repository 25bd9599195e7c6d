import { use, useEffect, useMemo } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { site } from 'virtual:site';
import { pageTitle } from '../config/resolvePartner.ts';
import { usePartnerCatalog } from '../partner/PartnerCatalog.ts';
import { partnerThemeStyle } from '../partner/partnerTheme.ts';
import { PartnerContext } from '../partner/PartnerContext.ts';
import { usePartnerText } from '../partner/dynamicText.ts';
import { useHostname } from './useHostname.ts';
import { shellWords } from '../i18n/areas/shell.ts';
import { useText } from '../i18n/words.ts';

/**
 * The /:clientId? layout: resolves the partner once (host name first, then the route), applies its
 * theme, title and icon, and hands it to every page below.
 */
export function PartnerLayout() {
  const { clientId } = useParams();
  const hostname = useHostname();
  const catalog = usePartnerCatalog();
  const found = catalog.resolve({ hostname, clientId });
  // Another partner than the page came with is fetched first (the app's Suspense shows loading).
  // Its blocks' URL-driven copy filled once here, so every page and block below reads the same text.
  const partner = usePartnerText(found instanceof Promise ? use(found) : found);
  const { arrival } = catalog;
  const t = useText(shellWords);
  const value = useMemo(
    () => ({ partner, site, ...(arrival ? { arrival } : {}) }),
    [partner, arrival],
  );

  useEffect(() => {
    document.title = pageTitle(partner, site.product);
    const icon = partner.branding.faviconSrc ?? site.faviconSrc;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon && link) link.href = icon;
    const description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (description && partner.meta) description.content = partner.meta.description;
  }, [partner]);

  return (
    <PartnerContext.Provider value={value}>
      <div className="partner-root" data-partner={partner.id} style={partnerThemeStyle(partner)}>
        <a className="skip-link" href="#main">
          {t('skipLink')}
        </a>
        <Outlet />
      </div>
    </PartnerContext.Provider>
  );
}
