/**
 * How long one frame is waited for at most. requestAnimationFrame only runs when the browser draws
 * the page, and a page it has stopped drawing (docs/testing.md, "stopped drawing") held a story's
 * screenshot hook until its 300 s time-out once, under load. Past this, the wait goes on without the
 * frame: what follows is a screenshot, which makes the browser draw, and is compared until two in a
 * row agree. A lower bound only (the wait is never shorter than the frames it asks for when they
 * come), not a stopwatch.
 */
export const frameFallbackMs = 1000;

/** Resolves after `count` frames, each waited for at most `fallbackMs`. */
export function frames(count: number, fallbackMs = frameFallbackMs): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => {
      if (left === 0) {
        resolve();
        return;
      }
      let taken = false;
      const next = () => {
        if (taken) return;
        taken = true;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        step(left - 1);
      };
      const frame = requestAnimationFrame(next);
      const timer = setTimeout(next, fallbackMs);
    };
    step(count);
  });
}
