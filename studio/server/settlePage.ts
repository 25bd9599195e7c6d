/**
 * Run inside the preview page before its picture is taken: waits until the page has stopped
 * changing (lazy blocks arrived, carousels set up), every picture is loaded (lazy ones too: the
 * picture is of the whole page) and the fonts are in, with motion frozen and carousels on their
 * first slide, as the visual tests take theirs (tests/visual/setup.ts).
 *
 * A string, not a function: Playwright sends it to the page as it is, and a compiled function
 * could carry the bundler's helpers with it.
 */
export const settlePage = `(async () => {
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; scroll-behavior: auto !important; }';
  document.head.append(style);
  const frames = (count) => new Promise((resolve) => {
    const step = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });
  const quiet = (quietMs, maxMs) => new Promise((resolve) => {
    let timer = setTimeout(done, quietMs);
    const cap = setTimeout(done, maxMs);
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quietMs); });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    function done() { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(); }
  });
  const started = Date.now();
  while (document.querySelector('.swiper:not(.swiper-initialized)') && Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await quiet(400, 8000);
  for (const element of document.querySelectorAll('.swiper')) {
    const swiper = element.swiper;
    if (!swiper || swiper.destroyed) continue;
    if (swiper.autoplay) swiper.autoplay.stop();
    swiper.update();
    swiper.slideToLoop(0, 0, false);
  }
  for (const img of document.images) if (img.loading === 'lazy') img.loading = 'eager';
  await frames(2);
  await Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined)));
  await document.fonts.ready;
  window.scrollTo(0, 0);
  await frames(2);
})()`;
