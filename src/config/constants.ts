/** Business constants of spec §9, in one place. */
export const alertAutoHideMs = 10_000;
export const statusPollIntervalMs = 1_000;
export const serverDataFreshMs = 60 * 60 * 1000;

/** The carousel's title when the partner gives none: the English catalogue's (blocks.json). */
export const defaultTestimonialsTitle = 'What People Are Saying';

/** Testimonial carousel (spec §9): autoplay delay and slides per view by viewport width. */
export const carousel = {
  autoplayDelayMs: 2_500,
  breakpoints: {
    0: { slidesPerView: 1, spaceBetween: 10 },
    768: { slidesPerView: 2, spaceBetween: 10 },
    1024: { slidesPerView: 3, spaceBetween: 10 },
    1600: { slidesPerView: 4, spaceBetween: 27 },
  },
} as const;

/** The partner every unknown or missing id falls back to (partners/default.json). */
export const defaultPartnerId = 'default';

/** The version of a page that is the page as written, in an A/B test (src/config/experiments.ts). */
export const CONTROL = 'control';
