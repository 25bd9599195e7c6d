/** Waits for `count` animation frames: React has drawn, and what it scheduled for a frame ran. */
export const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
    step(count);
  });
