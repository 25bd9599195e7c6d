import { afterEach, describe, expect, it } from 'vitest';
import type { TestimonialsProps } from '../../../src/config/generated/partner.ts';
import { page, userEvent } from 'vitest/browser';
import 'swiper/css';
import { TestimonialCard } from '../../../src/blocks/Testimonials/TestimonialCard.tsx';
import styles from '../../../src/blocks/Testimonials/Testimonials.module.css';
import { partnerThemeStyle } from '../../../src/partner/partnerTheme.ts';
import { cleanup, mount, partner } from '../support/render.tsx';
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
 * Slides per view (spec §9): by the window's width (Swiper's breakpointsBase "window"), whatever
 * width the carousel itself is given: 1 below 768px, 2 from 768, 3 from 1024, 4 from 1600. The
 * carousel's padding leaves Swiper's element narrower than the window, so a carousel that followed
 * its own width (as it did before) would show one fewer at 768, 1024 and 1600. Both Swiper's
 * layout and the CSS layout of a prerendered page (before Swiper runs) are checked.
 */
const windowCases: [windowWidth: number, perView: number, gap: number][] = [
  [360, 1, 10],
  [767, 1, 10],
  [768, 2, 10],
  [1023, 2, 10],
  [1024, 3, 10],
  [1599, 3, 10],
  [1600, 4, 27],
];

function expectSlides(swiperEl: HTMLElement, perView: number, gap: number) {
  const style = getComputedStyle(swiperEl);
  const inner =
    swiperEl.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  // Whole pixels (roundLengths): Swiper rounds each slide's width down.
  const slideWidth = Math.floor((inner - gap * (perView - 1)) / perView);
  const shown = visibleSlides(swiperEl);
  expect(shown).toHaveLength(perView);
  for (const rect of shown) expect(Math.abs(rect.width - slideWidth)).toBeLessThan(0.5);
  for (let index = 1; index < shown.length; index += 1) {
    expect(shown[index]!.left - shown[index - 1]!.right).toBeCloseTo(gap, 0);
  }
}

describe('Testimonials: slides per view by window width', () => {
  afterEach(() => page.viewport(1280, 800));

  for (const [windowWidth, perView, gap] of windowCases) {
    it(`shows ${perView} in a ${windowWidth}px window with a ${gap}px gap`, async () => {
      await page.viewport(windowWidth, 900);
      expect(window.innerWidth).toBe(windowWidth);
      const { swiperEl } = await renderTestimonials('demo');
      await userEvent.click(pauseOrPlay());
      expect(swiperEl.clientWidth).toBeLessThan(windowWidth);
      // Swiper re-lays out on the next animation frame after its ResizeObserver reports.
      await expect.poll(() => visibleSlides(swiperEl).length).toBe(perView);
      expectSlides(swiperEl, perView, gap);
    });

    it(`lays out ${perView} before Swiper runs in a ${windowWidth}px window`, async () => {
      await page.viewport(windowWidth, 900);
      const demo = partner('demo');
      const container = mount(
        <div className="partner-root" style={partnerThemeStyle(demo)}>
          <div className={styles.carousel}>
            <div className={`swiper ${styles.swiper}`}>
              <div className="swiper-wrapper">
                {testimonialsOf(demo).props.items.map((testimonial) => (
                  <div key={testimonial.id} className={`swiper-slide ${styles.slide}`}>
                    <TestimonialCard testimonial={testimonial} />
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>,
      );
      const swiperEl = container.querySelector<HTMLElement>('.swiper')!;
      expect(swiperEl.classList.contains('swiper-initialized')).toBe(false);
      expectSlides(swiperEl, perView, gap);
    });
  }
});
