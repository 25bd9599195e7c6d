import { createStore, Provider as JotaiProvider } from 'jotai';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadingAtom } from '../../../src/state/ui.ts';
import { GlobalLoadingOverlay, Loading } from '../../../src/ui/LoadingOverlay.tsx';
import { cleanup, deferred, mount } from '../support/render.tsx';

afterEach(cleanup);

const overlay = () => document.querySelector<HTMLElement>('[role="status"]');

/** A part of the page whose code arrives when the test says so. */
function lazyPart(text: string) {
  const arrival = deferred();
  const Part = lazy(async () => {
    await arrival.promise;
    return { default: () => <p>{text}</p> };
  });
  return { Part, arrive: () => arrival.resolve() };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('the loading flag and its overlay (spec §1, §3)', () => {
  it('covers the page while a Suspense boundary waits, and goes once the code is in', async () => {
    const store = createStore();
    const { Part, arrive } = lazyPart('Page content');
    mount(
      <JotaiProvider store={store}>
        <Suspense fallback={<Loading />}>
          <Part />
        </Suspense>
        <GlobalLoadingOverlay />
      </JotaiProvider>,
    );
    await expect.poll(() => overlay()?.textContent).toContain('Loading');
    expect(store.get(loadingAtom)).toBe(true);

    arrive();
    await expect.poll(() => document.body.textContent).toContain('Page content');
    await expect.poll(overlay).toBeNull();
    expect(store.get(loadingAtom)).toBe(false);
  });

  it('stays while any of several boundaries still waits', async () => {
    const store = createStore();
    const first = lazyPart('First part');
    const second = lazyPart('Second part');
    mount(
      <JotaiProvider store={store}>
        <Suspense fallback={<Loading />}>
          <first.Part />
        </Suspense>
        <Suspense fallback={<Loading />}>
          <second.Part />
        </Suspense>
        <GlobalLoadingOverlay />
      </JotaiProvider>,
    );
    await expect.poll(overlay).not.toBeNull();

    first.arrive();
    await expect.poll(() => document.body.textContent).toContain('First part');
    await nextFrame();
    expect(overlay(), 'the second part is still loading').not.toBeNull();

    second.arrive();
    await expect.poll(overlay).toBeNull();
  });

  it('is announced to screen readers as a polite status', async () => {
    const store = createStore();
    store.set(loadingAtom, true);
    mount(
      <JotaiProvider store={store}>
        <GlobalLoadingOverlay />
      </JotaiProvider>,
    );
    await expect.poll(overlay).not.toBeNull();
    expect(overlay()?.getAttribute('aria-live')).toBe('polite');
    store.set(loadingAtom, false);
    await expect.poll(overlay).toBeNull();
  });
});
