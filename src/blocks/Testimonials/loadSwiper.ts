/** Swiper's core and the modules the carousel uses, in a chunk of their own (see Testimonials.tsx). */
export async function loadSwiper() {
  const [{ default: Swiper }, { A11y, Autoplay, Keyboard, Navigation, Pagination }] =
    await Promise.all([import('swiper'), import('swiper/modules')]);
  return { Swiper, modules: [A11y, Autoplay, Keyboard, Navigation, Pagination] };
}
