import { useStore, type Atom } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The value of an atom that holds a plain value (the global UI state of ui.ts), re-rendering when
 * it changes. Jotai's own useAtomValue also handles atoms holding promises and a deprecated delay
 * option, neither of which this app uses: about 0.4 KB brotli of every page's first load, which
 * pays for the error page and the reload-after-deploy (issue 30). Same store, same Provider.
 */
export function useAtomValue<Value>(atom: Atom<Value>): Value {
  const store = useStore();
  const subscribe = useCallback((changed: () => void) => store.sub(atom, changed), [store, atom]);
  const read = () => store.get(atom);
  return useSyncExternalStore(subscribe, read, read);
}
