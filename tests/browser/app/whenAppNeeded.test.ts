import { afterEach, describe, expect, it } from 'vitest';
import { startAtLoadAttribute } from '../../../src/app/startAtLoad.ts';
import { whenAppNeeded } from '../../../src/app/whenAppNeeded.ts';
import { islandAttribute } from '../../../src/blocks/islandAttribute.ts';

/** Settled after two frames: enough for an IntersectionObserver's first report. */
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let frame = 0; frame < 2; frame++)
    await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

/** A prerendered page's #root: a first screen of text, and an island `islandTop` px down. */
function prerenderedRoot(islandTop?: number) {
  const root = document.createElement('div');
  root.innerHTML = `<section style="height: ${islandTop ?? 400}px"><h1>Stay safe at home</h1><a href="/demo/claim-offer">Get started</a></section>`;
  if (islandTop !== undefined) {
    const wrapper = document.createElement('div');
    wrapper.setAttribute(islandAttribute, 'testimonials');
    wrapper.style.display = 'contents';
    wrapper.innerHTML = '<section style="height: 300px">What people say</section>';
    root.append(wrapper);
  }
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  history.replaceState(null, '');
});

// The module remembers the visitor's first act for the rest of the page view
// (src/ui/whenVisitorActs.ts), so the test that acts comes last.
describe('whenAppNeeded', () => {
  it('resolves at once on a page the browser renders itself (an empty #root)', async () => {
    expect(await settled(whenAppNeeded(document.createElement('div')))).toBe(true);
  });

  it('waits on a prerendered page while the visitor only reads', async () => {
    const root = prerenderedRoot();
    expect(await settled(whenAppNeeded(root))).toBe(false);
  });

  it('waits for a visitor whose browser prefers another language the page offers (the note needs no app)', async () => {
    Object.defineProperty(navigator, 'languages', { get: () => ['es-MX'], configurable: true });
    try {
      const root = prerenderedRoot();
      root.insertAdjacentHTML(
        'afterbegin',
        '<nav data-language-switch><a hreflang="es" href="/es">Español</a></nav>',
      );
      expect(await settled(whenAppNeeded(root))).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'languages');
    }
  });

  it('waits while the page’s island is far below the screen', async () => {
    const root = prerenderedRoot(window.innerHeight + 2000);
    expect(await settled(whenAppNeeded(root))).toBe(false);
  });

  it('resolves at once on a page the prerender marked (an offer judged by the visitor’s clock)', async () => {
    const root = prerenderedRoot();
    root.setAttribute(startAtLoadAttribute, '');
    expect(await settled(whenAppNeeded(root))).toBe(true);
  });

  it('resolves at once on a page the app ran in before (its state in history: a reload, back)', async () => {
    const root = prerenderedRoot();
    history.replaceState({ usr: { email: 'ann@example.com' }, key: 'a1', idx: 0 }, '');
    expect(await settled(whenAppNeeded(root))).toBe(true);
  });

  it('resolves when an island is on or near the screen', async () => {
    const root = prerenderedRoot(100);
    expect(await settled(whenAppNeeded(root))).toBe(true);
  });

  it('resolves when the visitor acts (a key), and at once after that', async () => {
    const root = prerenderedRoot();
    const needed = whenAppNeeded(root);
    expect(await settled(needed)).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(await settled(needed)).toBe(true);
    expect(await settled(whenAppNeeded(prerenderedRoot()))).toBe(true);
  });
});
