import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { partners, site } from 'virtual:partners';
import { createQueryClient } from '../../../src/services/query/queryClient.ts';
import { routes } from '../../../src/app/routes.tsx';
import { createPartnerDirectory } from '../../../src/config/resolvePartner.ts';
import {
  directoryCatalog,
  PartnerCatalogContext,
  type PartnerCatalog,
} from '../../../src/partner/PartnerCatalog.ts';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import type { Api } from '../../../src/services/api.ts';
import { ServicesProvider } from '../../../src/services/services.tsx';
import { Alerts } from '../../../src/ui/Alerts/Alerts.tsx';
import { fakeServices } from '../../support/fakeServices.ts';
import '../../../src/styles/global.css';

export { site };

/** Tests open any partner's pages in one run: a catalog of every partner. */
export const allPartners = directoryCatalog(createPartnerDirectory(partners));

/** A checked partner configuration, as the app receives it (virtual:partners). */
export function partner(id: string): PartnerConfig {
  const found = partners.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no partner ${id}`);
  return found;
}

/** A promise whose settling the test controls. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Renders a React tree into a fresh element of the test page; `cleanup` removes it. */
export function mount(node: ReactNode, style: Partial<CSSStyleDeclaration> = {}): HTMLElement {
  const container = document.createElement('div');
  Object.assign(container.style, style);
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(node));
  mounted.push({ root, container });
  return container;
}

export function cleanup() {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
}

export interface AppEntry {
  pathname: string;
  search?: string;
  state?: unknown;
}

/**
 * The app's own route table in a memory router, with the app's query client, a Jotai store the
 * test can read, fake services (API overrides, memory analytics and storage) and the global alert.
 */
export function renderApp(
  entry: string | AppEntry,
  api: Partial<Api> = {},
  setup?: (services: ReturnType<typeof fakeServices>) => void,
  catalog: PartnerCatalog = allPartners,
) {
  const services = fakeServices(api);
  setup?.(services);
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = createQueryClient();
  const container = mount(
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <ServicesProvider services={services}>
          <PartnerCatalogContext.Provider value={catalog}>
            <RouterProvider router={router} />
          </PartnerCatalogContext.Provider>
          <Alerts />
        </ServicesProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  );
  const stop = () => {
    queryClient.clear();
    router.dispose();
  };
  routerStops.push(stop);
  return { services, store, router, container, queryClient };
}

const routerStops: (() => void)[] = [];

/** Unmounts everything and stops routers and query polling left from a test. */
export function cleanupApp() {
  cleanup();
  for (const stop of routerStops.splice(0)) stop();
}

/** Where the memory router is now, as one string. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A claim token shaped like the server's (a JWT carrying reportID); the browser only reads it. */
export function claimToken(payload: Record<string, unknown> = {}): string {
  const body = { reportID: 'report-1', exp: Math.floor(Date.now() / 1000) + 3600, ...payload };
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify(body)),
    'c2lnbmF0dXJl',
  ].join('.');
}
