import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';

/**
 * A route component whose code is fetched the first time the route renders, with the loading
 * overlay of spec §1 meanwhile. Each wrapper has its own Suspense boundary, so a route table used
 * without the app around it (tests, stories) still renders. When a prerendered page is hydrated
 * the boundary keeps the prerendered HTML on screen until the code has arrived, with no overlay.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  function LazyPage() {
    return (
      <Suspense fallback={<LoadingOverlay visible />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${String(name)})`;
  return LazyPage;
}
