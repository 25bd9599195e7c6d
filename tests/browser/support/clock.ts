import { notifyManager } from '@tanstack/react-query';
import { vi } from 'vitest';

/**
 * A fake clock for the page's own waits (polling, back-off, autoplay, offer windows):
 * setTimeout, setInterval and Date are faked, so a test moves time with
 * `vi.advanceTimersByTimeAsync` and asserts what happens at each moment, however busy the
 * machine is. requestAnimationFrame, CSS transitions and MessageChannel (React's scheduler) keep
 * real time. Undo with `realClock()` in afterEach.
 *
 * While the clock is fake, wait with `until` below, not `expect.poll` or `expect.element`: those
 * move the fake clock forward by their interval at every retry, which would blur the moments a
 * test asserts.
 */
export function fakeClock(now?: number): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    // A timer started before the clock was faked is still cleared for real.
    shouldClearNativeTimers: true,
    ...(now === undefined ? {} : { now }),
  });
  // React Query hands its batched notifications to a zero-delay timer; one set while the fake
  // clock ticks is due a millisecond later, so the page would not see a result until the test
  // moved time again. A microtask keeps their order and needs no clock.
  notifyManager.setScheduler(queueMicrotask);
}

/** Back to real time (afterEach of a file that fakes the clock). */
export function realClock(): void {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
}

/** The real setTimeout, taken before any test fakes it. */
const realSetTimeout = globalThis.setTimeout.bind(globalThis);
const realDateNow = Date.now.bind(Date);

/**
 * Waits in real time, without moving a fake clock, until `check` holds: rendering and promises
 * settle in real time, and timers already due on the fake clock (zero-delay ones such as React
 * Query's batched notifications) run. Fails after `timeoutMs` of real time with `what`.
 */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const giveUp = realDateNow() + timeoutMs;
  for (;;) {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    if (check()) return;
    if (realDateNow() > giveUp) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 20));
  }
}
