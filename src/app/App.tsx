import { Provider as JotaiProvider } from 'jotai';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { defaultServices, ServicesProvider, type Services } from '../services/services.tsx';
import { LazyAlerts } from '../ui/Alerts/LazyAlerts.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { GlobalLoadingOverlay, Loading } from '../ui/LoadingOverlay.tsx';
import { PartnerCatalogContext, type PartnerCatalog } from '../partner/PartnerCatalog.ts';
import { routes } from './routes.tsx';
import { PrerenderHostContext } from '../ui/hydration.ts';
import { DynamicTextContext } from '../partner/dynamicText.ts';
import { withDefaults, type FillPlaceholder } from '../config/dynamicText.ts';

/** The route table rendered by whichever router is around it (browser, or static when prerendering). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Everything around the routes: services, global UI state, the loading overlay and the alert (React
 * Query comes with the pages that use it, see WithQueryClient). The browser app and the prerender
 * (src/entry-server.tsx) share it, so hydration sees the same tree.
 */
export function AppFrame({
  services,
  catalog,
  prerenderHost,
  fillText = withDefaults,
  children,
}: {
  services: Services;
  catalog: PartnerCatalog;
  prerenderHost: string;
  /** How the blocks' URL-driven copy is filled (src/partner/dynamicText.ts). */
  fillText?: FillPlaceholder;
  children: ReactNode;
}) {
  return (
    <PartnerCatalogContext.Provider value={catalog}>
      <PrerenderHostContext.Provider value={prerenderHost}>
        <DynamicTextContext.Provider value={fillText}>
          <JotaiProvider>
            <ServicesProvider services={services}>
              {/* Whatever fails below (a chunk that did not load, a bug) shows the error page. */}
              <ErrorBoundary fallback={<ErrorPage />}>
                <Suspense fallback={<Loading />}>{children}</Suspense>
              </ErrorBoundary>
              <GlobalLoadingOverlay />
              {/* An alert whose code cannot load (offline before any form fetched it) is left out,
                  rather than taking the page down with it. */}
              <ErrorBoundary fallback={null}>
                <LazyAlerts />
              </ErrorBoundary>
            </ServicesProvider>
          </JotaiProvider>
        </DynamicTextContext.Provider>
      </PrerenderHostContext.Provider>
    </PartnerCatalogContext.Provider>
  );
}

/**
 * The browser app. `catalog` finds the partner (in the browser: the one the page came with, see
 * src/partner/browserCatalog.ts); `prerenderHost` is the host name the prerendered HTML was
 * rendered for (main.tsx reads it from the page), so hydration picks the partner the prerender did.
 */
export function App({
  services = defaultServices(),
  catalog,
  prerenderHost = '',
  fillText,
}: {
  services?: Services;
  catalog: PartnerCatalog;
  prerenderHost?: string;
  fillText?: FillPlaceholder;
}) {
  return (
    <AppFrame
      services={services}
      catalog={catalog}
      prerenderHost={prerenderHost}
      fillText={fillText}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
