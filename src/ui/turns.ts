/**
 * Giving the browser its turns while the app starts (issue 40): on a slow phone every task of the
 * start is a moment the page cannot answer a tap. These helpers end the current task so the
 * browser can paint and handle input before the next piece of work runs.
 */

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task, after the browser has had its turn: `scheduler.yield()` where the
 * browser has it (the rest of our work then runs before other scripts' timers), a timer elsewhere.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * One piece of work at a time, each in its own task with a turn for the browser before it: when
 * several islands near the viewport at once (a tall screen, a jump down the page), their code and
 * hydration follow one another instead of landing in one long task. A piece that fails does not
 * stop the ones after it.
 */
export function createTurnQueue(yieldTo: () => Promise<void> = yieldToBrowser) {
  let tail: Promise<unknown> = Promise.resolve();
  return function inTurn<T>(work: () => Promise<T> | T): Promise<T> {
    const run = tail.then(yieldTo).then(work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The page's one queue of islands (src/sections/islands.ts). */
export const islandTurn = createTurnQueue();

/**
 * Resolves when the browser is idle (requestIdleCallback, at most `timeoutMs` later), or at once
 * when the visitor focuses, touches or clicks inside `element`: code the visitor does not need
 * yet (the claim-offer page's form library) waits for a quiet moment unless they reach for it.
 */
export function idleOrIntent(
  element: EventTarget | null | undefined,
  { timeoutMs = 2000 }: { timeoutMs?: number } = {},
): Promise<void> {
  return new Promise((resolve) => {
    const intents = ['focusin', 'pointerdown', 'touchstart'] as const;
    const done = () => {
      for (const type of intents) element?.removeEventListener(type, done);
      cancel(idle);
      resolve();
    };
    for (const type of intents) element?.addEventListener(type, done, { passive: true });
    const request: (callback: () => void, options: { timeout: number }) => number =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback
        : (callback, options) => Number(setTimeout(callback, options.timeout));
    const cancel: (handle: number) => void =
      typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout;
    const idle = request(done, { timeout: timeoutMs });
  });
}
