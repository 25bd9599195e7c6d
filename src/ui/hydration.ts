import { createContext, useContext, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server prerenders a page and while the browser hydrates that prerendered HTML;
 * true from the render right after hydration, and always true for pages rendered in the browser
 * from scratch. Components use it to render exactly the prerendered markup during hydration and
 * switch to what only the browser knows (navigation state, the host name) straight after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The host name a prerendered page was rendered for: '' for the pages of a route (/demo), a
 * partner's first host for the pages the server hands to that partner's hosts. The browser reads it
 * from the prerendered HTML (main.tsx) so hydration resolves the same partner as the prerender did.
 */
export const PrerenderHostContext = createContext('');

export function usePrerenderHost(): string {
  return useContext(PrerenderHostContext);
}

/**
 * For the first render of a component: whether its HTML came with a prerendered page, i.e. the
 * element with this id (one the component renders) is already in the document. True on the
 * server too. Read once, without subscribing to anything, so it never causes a re-render: a
 * component above a Suspense boundary that waits for deferred code must not re-render before that
 * boundary has hydrated, or React gives up on hydrating it and renders it from scratch. (React
 * hydrates Suspense boundaries after the rest of the page, so "is the page still hydrating" would
 * not do.)
 */
export function isPrerendered(id: string): boolean {
  return typeof document === 'undefined' || document.getElementById(id) !== null;
}
