import { useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import { isPrerendered } from '../../ui/hydration.ts';
import { carousel } from '../../config/constants.ts';
import { Container } from '../../ui/Container.tsx';
import { BlockTitle, blockTitleId } from '../scaffold/BlockSection.tsx';
import { usePrefersReducedMotion } from '../../ui/hooks/usePrefersReducedMotion.ts';
import { whenNear } from '../../ui/whenNear.ts';
import { LineIcon } from '../../ui/icons/LineIcon.tsx';
import type { BlockProps } from '../types.ts';
import { loadSwiper } from './loadSwiper.ts';
import { TestimonialCard } from './TestimonialCard.tsx';
import styles from './Testimonials.module.css';
import { blocksWords } from '../../i18n/areas/blocks.ts';
import { useText } from '../../i18n/words.ts';

/**
 * The testimonials carousel (spec §2, §9). Accessibility beyond the spec: a visible pause/play
 * button (WCAG 2.2.2), no autoplay under prefers-reduced-motion, and no rotation while the
 * visitor's pointer or keyboard focus is inside.
 *
 * React renders Swiper's markup itself (slides in a .swiper-wrapper), laid out by CSS the way
 * Swiper will lay it out, so the prerendered page shows the first testimonials with no script and
 * nothing moves when Swiper takes over the same elements. Swiper's code is fetched when the
 * carousel nears the viewport on a prerendered page, and at once when the page was rendered in the
 * browser.
 */
export function Testimonials({ section }: BlockProps<'testimonials'>) {
  const { items } = section.props;
  const t = useText(blocksWords);
  const title = section.props.title ?? t('testimonialsTitle');
  // The section's id is unique on its page: its elements' ids derive from it.
  const id = section.id;
  const reducedMotion = usePrefersReducedMotion();
  // Decided on the first render: wait when hydrating a prerendered page, load at once otherwise.
  const [waitUntilNear] = useState(() => isPrerendered(`${id}-title`));
  const [swiperEl, setSwiperEl] = useState<HTMLDivElement | null>(null);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [choice, setChoice] = useState<'playing' | 'paused' | null>(null);
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  // Swiper takes its controls as elements; callback refs put them in state once they exist.
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [pagesEl, setPagesEl] = useState<HTMLDivElement | null>(null);

  const paused = choice ? choice === 'paused' : reducedMotion;
  const slideCount = items.length;

  useEffect(() => {
    if (!swiperEl || !prevEl || !nextEl || !pagesEl) return;
    let cancelled = false;
    let instance: SwiperInstance | undefined;
    const watching = new AbortController();
    void (waitUntilNear ? whenNear(swiperEl, { signal: watching.signal }) : Promise.resolve())
      .then(loadSwiper)
      .then(({ Swiper, modules }) => {
        if (cancelled) return;
        instance = new Swiper(swiperEl, {
          modules,
          loop: true,
          autoplay: { delay: carousel.autoplayDelayMs, disableOnInteraction: false },
          breakpoints: carousel.breakpoints,
          // Spec §9 gives slides per view by viewport width: a 1024px window shows 3 whatever
          // the carousel's own padding leaves it.
          breakpointsBase: 'window',
          slidesPerView: 1,
          spaceBetween: 10,
          // Whole-pixel slide widths: text never sits on a half pixel (blurry on ordinary
          // screens), and a slide renders the same whatever position the loop gives it.
          roundLengths: true,
          keyboard: { enabled: true, onlyInViewport: true },
          navigation: { prevEl, nextEl },
          pagination: {
            el: pagesEl,
            clickable: true,
            bulletElement: 'button',
            bulletClass: styles.bullet,
            bulletActiveClass: styles.bulletActive,
          },
          // Swiper fills its own {{placeholders}} in.
          a11y: {
            prevSlideMessage: t('previous'),
            nextSlideMessage: t('next'),
            paginationBulletMessage: t('showTestimonial', { index: '{{index}}' }),
            slideLabelMessage: t('slideOf', { index: '{{index}}', count: '{{slidesLength}}' }),
          },
        });
        setSwiper(instance);
      });
    return () => {
      cancelled = true;
      watching.abort();
      // Puts the slides back in React's order and removes Swiper's styles and classes.
      instance?.destroy(true, true);
      setSwiper(null);
    };
  }, [swiperEl, prevEl, nextEl, pagesEl, waitUntilNear, slideCount, t]);
  const rotating = !paused && !pointerInside && !focusInside;

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (rotating) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, rotating]);

  // Rotation pauses while the pointer or keyboard focus is inside (WCAG 2.2.2).
  const [carouselEl, setCarouselEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!carouselEl) return;
    const listeners: [string, (event: Event) => void][] = [
      ['pointerenter', () => setPointerInside(true)],
      ['pointerleave', () => setPointerInside(false)],
      ['focusin', () => setFocusInside(true)],
      [
        'focusout',
        (event) => {
          const next = (event as FocusEvent).relatedTarget;
          if (!(next instanceof Node && carouselEl.contains(next))) setFocusInside(false);
        },
      ],
    ];
    listeners.forEach(([type, listener]) => carouselEl.addEventListener(type, listener));
    return () =>
      listeners.forEach(([type, listener]) => carouselEl.removeEventListener(type, listener));
  }, [carouselEl]);

  return (
    <section
      className={styles.section}
      aria-labelledby={blockTitleId(id)}
      aria-roledescription={t('carousel')}
    >
      <Container>
        <BlockTitle id={blockTitleId(id)} className={styles.title}>
          {title}
        </BlockTitle>
      </Container>
      <div ref={setCarouselEl} className={styles.carousel}>
        <div ref={setSwiperEl} className={`swiper ${styles.swiper}`}>
          <div className="swiper-wrapper">
            {items.map((testimonial) => (
              <div key={testimonial.id} className={`swiper-slide ${styles.slide}`}>
                <TestimonialCard testimonial={testimonial} />
              </div>
            ))}
          </div>
        </div>
        <div className={styles.controls}>
          <ArrowButton direction="left" buttonRef={setPrevEl} />
          {/* Swiper puts one button per testimonial here; their room is kept from the start. */}
          <div ref={setPagesEl} className={styles.pages} style={{ '--bullets': slideCount }} />
          <ArrowButton direction="right" buttonRef={setNextEl} />
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setChoice(paused ? 'playing' : 'paused')}
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
            <span>{paused ? t('play') : t('pause')}</span>
            <span className="visually-hidden">{t('testimonials')}</span>
          </button>
        </div>
      </div>
    </section>
  );
}

/** Swiper's previous or next button (it handles the clicks through the element it is given). */
function ArrowButton({
  direction,
  buttonRef,
}: {
  direction: 'left' | 'right';
  buttonRef: (button: HTMLButtonElement | null) => void;
}) {
  const t = useText(blocksWords);
  const path = direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7';
  return (
    <button
      type="button"
      ref={buttonRef}
      className={styles.arrow}
      aria-label={direction === 'left' ? t('previous') : t('next')}
    >
      <LineIcon path={path} size={24} strokeWidth={2.5} />
    </button>
  );
}

function PauseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="4" y="3" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="12" y="3" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M5 3l12 7-12 7z" fill="currentColor" />
    </svg>
  );
}
