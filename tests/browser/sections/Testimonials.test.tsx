import { afterEach, describe, expect, it } from 'vitest';
import type { TestimonialsProps } from '../../../src/config/generated/partner.ts';
import { page, userEvent } from 'vitest/browser';
import { cleanup, partner } from '../support/render.tsx';
import {
  activeIndex,
  bullets,
  currentBullet,
  leaveCarousel,
  pauseOrPlay,
  renderTestimonials,
  settled,
  slides,
  testimonialsOf,
  visibleSlides,
  withTestimonials,
} from '../support/testimonials.tsx';

afterEach(cleanup);

describe('Testimonials: content', () => {
  it("renders every one of the partner's testimonials, each with text, author and position", async () => {
    const config = partner('demo');
    const { items } = testimonialsOf(config).props;
    expect(items).toHaveLength(7);
    await renderTestimonials(config);
    const rendered = slides();
    expect(rendered).toHaveLength(items.length);
    // With loop on, Swiper may reorder the slide elements; data-swiper-slide-index is the position.
    const byIndex = [...rendered].sort(
      (a, b) =>
        Number(a.getAttribute('data-swiper-slide-index')) -
        Number(b.getAttribute('data-swiper-slide-index')),
    );
    items.forEach((testimonial, index) => {
      const slide = byIndex[index]!;
      expect(slide.querySelector('blockquote')?.textContent).toBe(testimonial.text);
      expect(slide.querySelector('figcaption')?.textContent).toBe(
        `${testimonial.author}${testimonial.position}`,
      );
      expect(slide.querySelector('img')?.getAttribute('src')).toBe(testimonial.avatar);
    });
  });

  it('renders only the testimonials it is given', async () => {
    const demo = partner('demo');
    const all = testimonialsOf(demo).props.items;
    const three = all.slice(2, 5) as TestimonialsProps['items'];
    await renderTestimonials(
      withTestimonials(demo, { ...testimonialsOf(demo).props, items: three }),
    );
    expect(slides()).toHaveLength(3);
    expect(bullets()).toHaveLength(3);
    for (const testimonial of three) {
      await expect.element(page.getByText(testimonial.author)).toBeInTheDocument();
    }
    expect(document.body.textContent).not.toContain(all[0]!.author);
  });

  it("titles the section with its props' title", async () => {
    const demo = partner('demo');
    const { items } = testimonialsOf(demo).props;
    await renderTestimonials(withTestimonials(demo, { title: 'Families on their scans', items }));
    const heading = page.getByRole('heading', { level: 2, name: 'Families on their scans' });
    await expect.element(heading).toBeVisible();
    // The section is a labelled carousel named by that heading.
    const section = heading.element().closest('section');
    expect(section?.getAttribute('aria-roledescription')).toBe('carousel');
    expect(section?.getAttribute('aria-labelledby')).toBe(heading.element().id);
  });

  it("falls back to 'What People Are Saying' when the partner has no title", async () => {
    const demo = partner('demo');
    await renderTestimonials(withTestimonials(demo, { items: testimonialsOf(demo).props.items }));
    await expect
      .element(page.getByRole('heading', { level: 2, name: 'What People Are Saying' }))
      .toBeVisible();
  });
});

describe('Testimonials: navigation', () => {
  it('moves to the next and previous testimonial with the arrows, looping at the ends', async () => {
    const { outside, swiperEl } = await renderTestimonials('demo');
    // Stop the rotation first so only the arrows move it.
    await userEvent.click(pauseOrPlay());
    await leaveCarousel(outside);
    expect(activeIndex()).toBe(0);
    expect(currentBullet()).toBe(0);

    const next = page.getByRole('button', { name: 'Next testimonial' });
    const previous = page.getByRole('button', { name: 'Previous testimonial' });
    const steps: [typeof next, number][] = [
      [next, 1],
      [next, 2],
      [previous, 1],
      [previous, 0],
      [previous, 6],
      [next, 0],
    ];
    for (const [arrow, expected] of steps) {
      await userEvent.click(arrow);
      await expect.poll(activeIndex).toBe(expected);
      await expect.poll(currentBullet).toBe(expected);
      await settled(swiperEl);
    }
  });

  it('has one pagination button per testimonial that jumps to its slide', async () => {
    const { swiperEl } = await renderTestimonials('demo');
    await userEvent.click(pauseOrPlay());
    const dots = bullets();
    expect(dots).toHaveLength(7);
    expect(dots.map((dot) => dot.tagName)).toEqual(Array(7).fill('BUTTON'));
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `Show testimonial ${n}`),
    );

    await userEvent.click(page.getByRole('button', { name: 'Show testimonial 5' }));
    await expect.poll(activeIndex).toBe(4);
    await settled(swiperEl);
    await expect.poll(currentBullet).toBe(4);
    expect(bullets().filter((dot) => dot.getAttribute('aria-current') === 'true')).toHaveLength(1);

    await userEvent.click(page.getByRole('button', { name: 'Show testimonial 2' }));
    await expect.poll(activeIndex).toBe(1);
    await expect.poll(currentBullet).toBe(1);
  });

  it('moves with the arrow keys when focus is in the carousel', async () => {
    const { swiperEl } = await renderTestimonials('demo');
    await userEvent.click(pauseOrPlay());
    (page.getByRole('button', { name: 'Show testimonial 1' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(activeIndex).toBe(1);
    await settled(swiperEl);
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(activeIndex).toBe(0);
  });
});

describe('Testimonials: pause / play button', () => {
  it('toggles between Pause and Play, and says so in its accessible name', async () => {
    await renderTestimonials('demo');
    const button = pauseOrPlay();
    await expect.element(button).toHaveAccessibleName('Pause testimonials');
    await expect.element(button).toHaveTextContent('Pause testimonials');
    await userEvent.click(button);
    await expect.element(button).toHaveAccessibleName('Play testimonials');
    await userEvent.click(button);
    await expect.element(button).toHaveAccessibleName('Pause testimonials');
  });
});

/*
 * Slides per view (spec §9): the carousel uses breakpointsBase "container", so what counts is the
 * width of Swiper's own element, not the window. The window is made wide (1800px) so that a
 * window-based carousel would show 4 everywhere; each case sizes the section so that the Swiper
 * element is exactly the given width and counts the slides fully in view.
 */
describe('Testimonials: slides per view by container width', () => {
  const cases: [swiperWidth: number, perView: number, gap: number][] = [
    [360, 1, 10],
    [767, 1, 10],
    [768, 2, 10],
    [1023, 2, 10],
    [1024, 3, 10],
    [1599, 3, 10],
    [1600, 4, 27],
  ];

  for (const [swiperWidth, perView, gap] of cases) {
    it(`shows ${perView} at ${swiperWidth}px with a ${gap}px gap`, async () => {
      await page.viewport(1800, 1000);
      const { wrapper, swiperEl } = await renderTestimonials('demo', 800);
      await userEvent.click(pauseOrPlay());
      // The padding around Swiper's element depends on the width (a container query); settle it.
      for (let attempt = 0; attempt < 4 && swiperEl.clientWidth !== swiperWidth; attempt += 1) {
        const overhead = wrapper.clientWidth - swiperEl.clientWidth;
        wrapper.style.width = `${swiperWidth + overhead}px`;
        await new Promise(requestAnimationFrame);
      }
      expect(swiperEl.clientWidth).toBe(swiperWidth);

      const style = getComputedStyle(swiperEl);
      const inner = swiperWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // Whole pixels (roundLengths): Swiper rounds each slide's width down.
      const slideWidth = Math.floor((inner - gap * (perView - 1)) / perView);
      // Swiper re-lays out on the next animation frame after its ResizeObserver reports.
      await expect
        .poll(() => Math.abs((visibleSlides(swiperEl)[0]?.width ?? 0) - slideWidth) < 0.5)
        .toBe(true);
      const shown = visibleSlides(swiperEl);
      expect(shown).toHaveLength(perView);
      for (const rect of shown) expect(rect.width).toBe(slideWidth);
      for (let index = 1; index < shown.length; index += 1) {
        expect(shown[index]!.left - shown[index - 1]!.right).toBeCloseTo(gap, 0);
      }
    });
  }
});
