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

/** The page's one queue of islands (src/blocks/islands.ts). */
export const islandTurn = createTurnQueue();
