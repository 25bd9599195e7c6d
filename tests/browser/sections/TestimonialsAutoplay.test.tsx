import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanup, sleep } from '../support/render.tsx';
import {
  activeIndex,
  emulateReducedMotion,
  leaveCarousel,
  pauseOrPlay,
  renderTestimonials,
  swiperOf,
} from '../support/testimonials.tsx';

/*
 * Autoplay (spec §9: 2500 ms) with real time: Swiper's autoplay mixes timers, Date and transition
 * events, which fake timers do not drive reliably. "Does not move" is checked over 3.5 s, longer
 * than the delay plus the slide transition.
 */
const quietPeriodMs = 3_500;

afterEach(async () => {
  cleanup();
  await emulateReducedMotion(false);
});

/** Resolves with the time from now until the active slide is no longer `from`. */
async function timeUntilItMoves(from: number | undefined): Promise<number> {
  const start = performance.now();
  await expect.poll(activeIndex, { timeout: 5_000, interval: 50 }).not.toBe(from);
  return performance.now() - start;
}

describe('Testimonials: autoplay', () => {
  it('moves to the next testimonial after about 2500 ms when motion is allowed', async () => {
    const { outside } = await renderTestimonials('demo');
    const start = performance.now();
    await leaveCarousel(outside);
    expect(activeIndex()).toBe(0);
    const elapsed = performance.now() - start + (await timeUntilItMoves(0));
    expect(elapsed).toBeGreaterThan(2_000);
    expect(elapsed).toBeLessThan(4_000);
    expect(activeIndex()).toBe(1);
    // And it keeps going.
    await timeUntilItMoves(1);
    expect(activeIndex()).toBe(2);
  });

  it('does not rotate under prefers-reduced-motion: reduce, and offers Play instead', async () => {
    await emulateReducedMotion(true);
    const { outside, swiperEl } = await renderTestimonials('demo');
    await leaveCarousel(outside);
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Play testimonials');
    await sleep(quietPeriodMs);
    expect(activeIndex()).toBe(0);
    expect(swiperOf(swiperEl).autoplay.running).toBe(false);

    // The visitor may still start it on purpose.
    await userEvent.click(pauseOrPlay());
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Pause testimonials');
    await leaveCarousel(outside);
    await timeUntilItMoves(0);
    expect(activeIndex()).toBe(1);
  });

  it('stops when reduced motion is switched on while it is shown', async () => {
    const { outside } = await renderTestimonials('demo');
    await leaveCarousel(outside);
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Pause testimonials');
    await emulateReducedMotion(true);
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Play testimonials');
    await sleep(quietPeriodMs);
    expect(activeIndex()).toBe(0);
  });

  it('stays on its slide while paused with the button, and goes on after Play', async () => {
    const { outside } = await renderTestimonials('demo');
    await userEvent.click(pauseOrPlay());
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Play testimonials');
    await leaveCarousel(outside);
    await sleep(quietPeriodMs);
    expect(activeIndex()).toBe(0);

    await userEvent.click(pauseOrPlay());
    await leaveCarousel(outside);
    await timeUntilItMoves(0);
    expect(activeIndex()).toBe(1);
  });

  it('stops while keyboard focus is inside the carousel', async () => {
    const { outside } = await renderTestimonials('demo');
    await leaveCarousel(outside);
    // Focus moves in with the keyboard (Tab from the button before it); the pointer stays outside.
    await userEvent.tab();
    await expect.element(page.getByRole('button', { name: 'Previous testimonial' })).toHaveFocus();
    await sleep(quietPeriodMs);
    expect(activeIndex()).toBe(0);

    // Moving within the carousel keeps it stopped.
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Show testimonial 1');
    await sleep(1_000);
    expect(activeIndex()).toBe(0);

    // Leaving with Shift+Tab starts it again.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect.poll(() => document.activeElement).toBe(outside);
    await timeUntilItMoves(0);
  });

  it('stops while the pointer hovers it, and goes on once the pointer leaves', async () => {
    const { outside } = await renderTestimonials('demo');
    await leaveCarousel(outside);
    await userEvent.hover(page.getByText(/^We ask new families/));
    await sleep(quietPeriodMs);
    expect(activeIndex()).toBe(0);
    expect(document.activeElement).toBe(outside);

    await userEvent.hover(outside);
    await timeUntilItMoves(0);
  });
});
