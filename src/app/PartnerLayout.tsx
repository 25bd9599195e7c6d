import { use, useEffect, useMemo } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { site } from 'virtual:site';
import { pageTitle } from '../config/resolvePartner.ts';
import { builtIconHref, faviconSource } from '../config/shareImages.ts';
import { usePartnerCatalog } from '../partner/PartnerCatalog.ts';
import { partnerThemeStyle } from '../partner/partnerTheme.ts';
import { PartnerContext } from '../partner/PartnerContext.ts';
import { usePartnerText } from '../partner/dynamicText.ts';
import { LanguageProvider } from '../i18n/languageContext.tsx';
import type { Language } from '../i18n/languages.ts';
import { useHostname } from './useHostname.ts';
import { fulfilled } from '../lib/usable.ts';
import { LanguageNoteSlot } from '../ui/LanguageSuggestion/LanguageNoteSlot.tsx';
import { shellWords } from '../i18n/areas/shell.ts';
import { useText } from '../i18n/words.ts';

/**
 * The /:clientId? layout (and /:clientId?/es, issue 37): resolves the partner once (host name
 * first, then the route) in the address's language, provides that language to every text below,
 * applies the partner's theme, title and icon, and hands it to every page below.
 */
export function PartnerLayout({ language }: { language: Language }) {
  const { clientId } = useParams();
  const hostname = useHostname();
  const catalog = usePartnerCatalog();
  const found = catalog.resolve({ hostname, clientId, language });
  // Another partner than the page came with is fetched first (the app's Suspense shows loading).
  // Its blocks' URL-driven copy filled once here, so every page and block below reads the same text.
  // use() on every render, a partner at hand too (src/lib/usable.ts says why).
  const partner = usePartnerText(use(found instanceof Promise ? found : fulfilled(found)));
  const { arrival } = catalog;
  const value = useMemo(
    () => ({ partner, site, ...(arrival ? { arrival } : {}) }),
    [partner, arrival],
  );

  useEffect(() => {
    document.title = pageTitle(partner, site.product);
    // The switch on a journey step changes the language without loading a page.
    document.documentElement.lang = language;
    const source = faviconSource(site, partner);
    // The built site links the PNG it drew from an SVG icon (config/shareImages.ts says why); the
    // dev server has only the source.
    const icon = import.meta.env.DEV ? source : builtIconHref(source, partner.id);
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = icon;
    const description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (description && partner.meta) description.content = partner.meta.description;
  }, [partner, language]);

  return (
    <LanguageProvider value={language}>
      <PartnerContext.Provider value={value}>
        <div className="partner-root" data-partner={partner.id} style={partnerThemeStyle(partner)}>
          <SkipLink />
          <LanguageNoteSlot language={language} offered={partner.languages} />
          <Outlet />
        </div>
      </PartnerContext.Provider>
    </LanguageProvider>
  );
}

/** Inside the language's provider, so it speaks the page's language. */
function SkipLink() {
  const t = useText(shellWords);
  return (
    <a className="skip-link" href="#main">
      {t('skipLink')}
    </a>
  );
}
