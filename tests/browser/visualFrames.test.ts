import { afterEach, describe, expect, it, vi } from 'vitest';
import { frames } from '../visual/frames.ts';

/*
 * The visual tests' frame wait (tests/visual/frames.ts): frames when the page draws, and no hang
 * when it does not (a page the browser stopped drawing held a screenshot hook for 300 s once).
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the visual tests' wait for frames", () => {
  it('waits for the frames the page draws', async () => {
    let drawn = 0;
    const counting = () => {
      drawn += 1;
      if (drawn < 10) requestAnimationFrame(counting);
    };
    requestAnimationFrame(counting);
    await frames(3, 60_000);
    // Frames are the browser's: after three of ours, the counter has seen at least two of its own.
    expect(drawn).toBeGreaterThanOrEqual(2);
  });

  it('goes on without frames when the page draws none', async () => {
    // Frames asked for are never drawn.
    let asked = 0;
    vi.stubGlobal('requestAnimationFrame', () => (asked += 1));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    await frames(2, 50);
    // A request for each frame (the runner may ask for its own too), each given up on after its
    // fallback: the wait ended.
    expect(asked).toBeGreaterThanOrEqual(2);
  });
});
