/**
 * Resolves once `element` is about to be seen: within `margin` of the viewport, or when the visitor
 * focuses, touches or clicks inside it. Below-the-fold widgets (the testimonials carousel, the
 * signup form of a prerendered landing page) fetch their code then, not on the first load.
 * Resolves at once where there is nothing to wait for: no element, no IntersectionObserver, or on
 * the server. An aborted signal stops the watching (the promise then never settles).
 */
export function whenNear(
  element: Element | null | undefined,
  { margin = '600px', signal }: { margin?: string; signal?: AbortSignal } = {},
): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const intents = ['focusin', 'pointerdown', 'touchstart'] as const;
    const stop = () => {
      observer.disconnect();
      for (const type of intents) element.removeEventListener(type, done);
    };
    const done = () => {
      stop();
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    for (const type of intents) element.addEventListener(type, done, { passive: true });
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** whenNear for the element with this id, looked up now (prerendered markup is already there). */
export function whenNearId(id: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  return whenNear(document.getElementById(id));
}
