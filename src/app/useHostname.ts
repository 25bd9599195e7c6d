import { useSyncExternalStore } from 'react';
import { usePrerenderHost } from '../ui/hydration.ts';

const noSubscription = () => () => undefined;

/**
 * The browser's host name. While prerendering, and while hydrating a prerendered page, it is the
 * host that page was rendered for ('' for route pages, where only the route decides); React then
 * re-renders with the real host name, so host-name selection (spec §2) still wins in the browser.
 */
export function useHostname(): string {
  const prerenderHost = usePrerenderHost();
  return useSyncExternalStore(
    noSubscription,
    () => window.location.hostname,
    () => prerenderHost,
  );
}
