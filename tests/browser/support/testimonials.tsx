import type { Swiper as SwiperInstance } from 'swiper';
import { expect } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import type {
  Page,
  PartnerConfig,
  TestimonialsProps,
} from '../../../src/config/generated/partner.ts';
import { Testimonials } from '../../../src/blocks/Testimonials/Testimonials.tsx';
import type { BlockOf } from '../../../src/blocks/types.ts';
import { partnerThemeStyle } from '../../../src/partner/partnerTheme.ts';
import { mount, partner as partnerById, site } from './render.tsx';

export interface RenderedCarousel {
  /** The element that receives the section's width (the "page" container of the sections). */
  wrapper: HTMLElement;
  /** Swiper's own element (the slides are sized from its width; the window picks how many). */
  swiperEl: HTMLElement;
  /** A button outside the carousel: clicking it moves the pointer and focus out of the carousel. */
  outside: HTMLButtonElement;
}

/** The partner's landing-page testimonials section. */
export function testimonialsOf(partner: PartnerConfig): BlockOf<'testimonials'> {
  const found = partner.pages.landing.sections.find(
    (entry): entry is BlockOf<'testimonials'> => entry.type === 'testimonials',
  );
  if (!found) throw new Error(`${partner.id} has no testimonials section`);
  return found;
}

/** The partner with its testimonials section's props replaced. */
export function withTestimonials(partner: PartnerConfig, props: TestimonialsProps): PartnerConfig {
  const sections = partner.pages.landing.sections.map((entry) =>
    entry.type === 'testimonials' ? { ...entry, props } : entry,
  ) as Page['sections'];
  return { ...partner, pages: { ...partner.pages, landing: { sections } } };
}

/** Renders the testimonials section of a partner the way the landing page does. */
export async function renderTestimonials(
  config: PartnerConfig | string = 'demo',
  width?: number,
): Promise<RenderedCarousel> {
  const partner = typeof config === 'string' ? partnerById(config) : config;
  const section = testimonialsOf(partner);
  const container = mount(
    <>
      <button type="button" data-testid="outside" style={{ margin: '8px' }}>
        Outside the carousel
      </button>
      <div
        className="partner-root"
        data-testid="wrapper"
        data-partner={partner.id}
        style={{ ...partnerThemeStyle(partner), width: width ? `${width}px` : undefined }}
      >
        <Testimonials
          partner={partner}
          site={site}
          section={section}
          page={partner.pages.landing}
        />
      </div>
    </>,
  );
  const swiperEl = container.querySelector<HTMLElement>('.swiper');
  expect(swiperEl, 'the swiper element').not.toBeNull();
  // Swiper initialises in an effect once its navigation and pagination elements exist.
  // Its code is a lazy chunk: on a busy machine it can take longer than poll's 1 s default.
  await expect
    .poll(() => swiperEl?.classList.contains('swiper-initialized'), { timeout: 15_000 })
    .toBe(true);
  await expect.poll(() => bullets().length).toBe(section.props.items.length);
  return {
    wrapper: container.querySelector<HTMLElement>('[data-testid="wrapper"]')!,
    swiperEl: swiperEl!,
    outside: container.querySelector<HTMLButtonElement>('[data-testid="outside"]')!,
  };
}

/** The slide elements, each with its data-swiper-slide-index (the testimonial's position). */
export function slides(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.swiper-slide')];
}

/** The position (0-based) in the partner's list of the testimonial on the active slide. */
export function activeIndex(): number | undefined {
  const active = document.querySelector<HTMLElement>('.swiper-slide-active');
  const index = active?.getAttribute('data-swiper-slide-index');
  return index == null ? undefined : Number(index);
}

/** The Swiper instance Swiper keeps on its element. */
export function swiperOf(swiperEl: HTMLElement): SwiperInstance {
  const instance = (swiperEl as HTMLElement & { swiper?: SwiperInstance }).swiper;
  if (!instance) throw new Error('no swiper on the element');
  return instance;
}

/**
 * Waits for a slide change to finish. Swiper ignores a click on an arrow while a loop slider is
 * still moving (its loopPreventsSliding default), so each step waits for the previous one.
 */
export async function settled(swiperEl: HTMLElement) {
  await expect.poll(() => swiperOf(swiperEl).animating).toBe(false);
}

/** The pagination dots: swiper renders them as buttons labelled "Show testimonial N". */
export function bullets(): HTMLElement[] {
  return page.getByRole('button', { name: /^Show testimonial \d+$/ }).elements() as HTMLElement[];
}

/** The bullet marked as current, 0-based. */
export function currentBullet(): number {
  return bullets().findIndex((bullet) => bullet.getAttribute('aria-current') === 'true');
}

export const pauseOrPlay = () => page.getByRole('button', { name: /^(Pause|Play) testimonials$/ });

/** Moves the pointer and keyboard focus outside the carousel. */
export async function leaveCarousel(outside: HTMLElement) {
  await userEvent.click(outside);
  await expect.poll(() => document.activeElement).toBe(outside);
}

/** Emulates (or stops emulating) prefers-reduced-motion: reduce through the Chrome DevTools Protocol. */
export async function emulateReducedMotion(reduce: boolean) {
  await cdp().send('Emulation.setEmulatedMedia', {
    features: reduce ? [{ name: 'prefers-reduced-motion', value: 'reduce' }] : [],
  });
  expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(reduce);
}

/** Slides fully inside the swiper's content box, left to right. */
export function visibleSlides(swiperEl: HTMLElement): DOMRect[] {
  const box = swiperEl.getBoundingClientRect();
  const style = getComputedStyle(swiperEl);
  const left = box.left + parseFloat(style.paddingLeft);
  const right = box.right - parseFloat(style.paddingRight);
  return slides()
    .map((slide) => slide.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.left >= left - 1 && rect.right <= right + 1)
    .sort((a, b) => a.left - b.left);
}
