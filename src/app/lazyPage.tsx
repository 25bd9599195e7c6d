import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from '../ui/LoadingOverlay.tsx';
import { loadOrReload } from '../ui/staleChunks.ts';

/**
 * A route component whose code is fetched the first time the route renders, with the loading flag
 * raised meanwhile (the app's overlay, spec §1). Each wrapper has its own Suspense boundary, so a
 * route table used without the app around it (tests, stories) still renders. When a prerendered page is hydrated
 * the boundary keeps the prerendered HTML on screen until the code has arrived, with no overlay.
 * Code that fails to load reloads the page once (ui/staleChunks.ts), then shows the error page.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType {
  const Page = lazy(async () => ({ default: (await loadOrReload(load))[name] as ComponentType }));
  function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${String(name)})`;
  return LazyPage;
}
