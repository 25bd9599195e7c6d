import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { carousel } from '../../../src/config/constants.ts';
import { fakeClock, realClock, until } from '../support/clock.ts';
import { cleanup } from '../support/render.tsx';
import {
  activeIndex,
  emulateReducedMotion,
  leaveCarousel,
  pauseOrPlay,
  renderTestimonials,
  swiperOf,
} from '../support/testimonials.tsx';

/*
 * Autoplay (spec §9: 2500 ms) on a fake clock: Swiper's autoplay waits with setTimeout and reads
 * the time from Date, both faked here (support/clock.ts), so "not before 2500 ms, and at 2500 ms" holds however busy
 * the machine is. The slide's own CSS transition still runs in real time; the next wait starts at
 * its end, so a test waits for the move to finish before it moves the clock again.
 *
 * The clock is faked only once the carousel is set up (its code is a lazy chunk, awaited in real
 * time) and while rotation is stopped, so the delay that counts is the one Swiper starts on the
 * fake clock when rotation resumes.
 */
const quietPeriodMs = 3_500;

afterEach(async () => {
  realClock();
  cleanup();
  await emulateReducedMotion(false);
});

/** Waits (in real time, the fake clock still) until the slide has moved on from `from` and is still. */
async function movedFrom(from: number | undefined, swiperEl: HTMLElement) {
  await until(() => activeIndex() !== from, `the carousel moves on from slide ${from}`);
  await until(() => !swiperOf(swiperEl).animating, 'the move has finished');
}

/** Moves the pointer and focus out of the carousel, waiting without moving the fake clock. */
async function leave(outside: HTMLElement) {
  await userEvent.click(outside);
  await until(() => document.activeElement === outside, 'focus is outside the carousel');
}

/**
 * The slide shown once rotation has stopped and no move is running. Until then the carousel turned
 * in real time, and on a busy machine it had moved on before the pointer or the Pause button
 * stopped it (one CI run: on slide 1 where the test expected 0), so the tests count from here.
 */
async function stoppedOn(swiperEl: HTMLElement): Promise<number> {
  await expect.poll(() => swiperOf(swiperEl).autoplay.running).toBe(false);
  await until(() => !swiperOf(swiperEl).animating, 'no move is running');
  const index = activeIndex();
  if (index === undefined) throw new Error('no slide is active');
  return index;
}

/** The slide after `index`, round the loop. */
function nextAfter(index: number): number {
  const slides = new Set(
    [...document.querySelectorAll('.swiper-slide')].map((slide) =>
      slide.getAttribute('data-swiper-slide-index'),
    ),
  );
  return (index + 1) % slides.size;
}

/** Moves the fake clock by `ms` and checks the slide stays where it is. */
async function staysFor(ms: number, at: number) {
  await vi.advanceTimersByTimeAsync(ms);
  expect(activeIndex()).toBe(at);
}

describe('Testimonials: autoplay', () => {
  it('moves to the next testimonial 2500 ms after the pointer leaves, then every 2500 ms', async () => {
    expect(carousel.autoplayDelayMs).toBe(2_500);
    const { outside, swiperEl } = await renderTestimonials('demo');
    // Rotation stops while the pointer is over the carousel; the clock is faked meanwhile.
    // The carousel itself, not a slide's text: a slide may move away before the pointer gets there.
    await userEvent.hover(page.elementLocator(swiperEl));
    const first = await stoppedOn(swiperEl);
    fakeClock();
    await leave(outside);
    await until(() => swiperOf(swiperEl).autoplay.running, 'rotation starts');

    await staysFor(2_499, first);
    await vi.advanceTimersByTimeAsync(1);
    await movedFrom(first, swiperEl);
    const second = nextAfter(first);
    expect(activeIndex()).toBe(second);

    // And it keeps going, at the same pace.
    await staysFor(2_499, second);
    await vi.advanceTimersByTimeAsync(1);
    await movedFrom(second, swiperEl);
    expect(activeIndex()).toBe(nextAfter(second));
  });

  it('does not rotate under prefers-reduced-motion: reduce, and offers Play instead', async () => {
    await emulateReducedMotion(true);
    const { outside, swiperEl } = await renderTestimonials('demo');
    await leaveCarousel(outside);
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Play testimonials');
    fakeClock();
    await staysFor(quietPeriodMs, 0);
    expect(swiperOf(swiperEl).autoplay.running).toBe(false);

    // The visitor may still start it on purpose.
    await userEvent.click(pauseOrPlay());
    await until(
      () => page.getByRole('button', { name: 'Pause testimonials' }).elements().length === 1,
      'Pause shows',
    );
    await leave(outside);
    await staysFor(2_499, 0);
    await vi.advanceTimersByTimeAsync(1);
    await movedFrom(0, swiperEl);
    expect(activeIndex()).toBe(1);
  });

  it('stops when reduced motion is switched on while it is shown', async () => {
    const { outside, swiperEl } = await renderTestimonials('demo');
    await leaveCarousel(outside);
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Pause testimonials');
    await emulateReducedMotion(true);
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Play testimonials');
    expect(swiperOf(swiperEl).autoplay.running).toBe(false);
    fakeClock();
    await staysFor(quietPeriodMs, 0);
  });

  it('stays on its slide while paused with the button, and goes on after Play', async () => {
    const { outside, swiperEl } = await renderTestimonials('demo');
    await userEvent.click(pauseOrPlay());
    await expect.element(pauseOrPlay()).toHaveAccessibleName('Play testimonials');
    expect(swiperOf(swiperEl).autoplay.running).toBe(false);
    const shown = await stoppedOn(swiperEl);
    fakeClock();
    await leave(outside);
    await staysFor(quietPeriodMs, shown);

    await userEvent.click(pauseOrPlay());
    await leave(outside);
    await staysFor(2_499, shown);
    await vi.advanceTimersByTimeAsync(1);
    await movedFrom(shown, swiperEl);
  });

  it('stops while keyboard focus is inside the carousel', async () => {
    const { outside, swiperEl } = await renderTestimonials('demo');
    // The carousel itself, not a slide's text: a slide may move away before the pointer gets there.
    await userEvent.hover(page.elementLocator(swiperEl));
    const shown = await stoppedOn(swiperEl);
    fakeClock();
    await leave(outside);
    // Focus moves in with the keyboard (Tab from the button before it); the pointer stays outside.
    await userEvent.tab();
    const previous = page.getByRole('button', { name: 'Previous testimonial' });
    await until(() => document.activeElement === previous.element(), 'focus is on Previous');
    expect(swiperOf(swiperEl).autoplay.running).toBe(false);
    await staysFor(quietPeriodMs, shown);

    // Moving within the carousel keeps it stopped.
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Show testimonial 1');
    await staysFor(quietPeriodMs, shown);

    // Leaving with Shift+Tab starts it again.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await until(() => document.activeElement === outside, 'focus is back outside');
    await staysFor(2_499, shown);
    await vi.advanceTimersByTimeAsync(1);
    await movedFrom(shown, swiperEl);
  });

  it('stops while the pointer hovers it, and goes on once the pointer leaves', async () => {
    const { outside, swiperEl } = await renderTestimonials('demo');
    await leaveCarousel(outside);
    // The carousel itself, not a slide's text: a slide may move away before the pointer gets there.
    await userEvent.hover(page.elementLocator(swiperEl));
    const shown = await stoppedOn(swiperEl);
    fakeClock();
    await staysFor(quietPeriodMs, shown);
    expect(document.activeElement).toBe(outside);

    await userEvent.hover(outside);
    await staysFor(2_499, shown);
    await vi.advanceTimersByTimeAsync(1);
    await movedFrom(shown, swiperEl);
  });
});
