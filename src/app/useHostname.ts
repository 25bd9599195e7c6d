import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** The browser's host name; empty while prerendering, where only the route decides. */
export function useHostname(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.hostname,
    () => '',
  );
}
