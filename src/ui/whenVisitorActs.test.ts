import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Module from './whenVisitorActs.ts';

/** A fresh module per test: it remembers that the visitor acted, for the rest of the page view. */
let whenVisitorActs: typeof Module.whenVisitorActs;
beforeEach(async () => {
  vi.resetModules();
  ({ whenVisitorActs } = await import('./whenVisitorActs.ts'));
});

/** A window of its own: the events the test sends, the listeners still attached, the scroll. */
function stubWindow(scrollY: number) {
  const target = new EventTarget();
  const attached = new Set<string>();
  vi.stubGlobal('scrollY', scrollY);
  vi.stubGlobal(
    'addEventListener',
    (type: string, listener: EventListener, options: AddEventListenerOptions) => {
      attached.add(type);
      options.signal?.addEventListener('abort', () => attached.delete(type));
      target.addEventListener(type, listener, options);
    },
  );
  return { send: (type: string) => target.dispatchEvent(new Event(type)), attached };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whenVisitorActs', () => {
  it('waits on an unscrolled page until the visitor acts, then stops listening', async () => {
    const page = stubWindow(0);
    const acted = whenVisitorActs();
    // What the page does by itself is no act of the visitor's.
    page.send('load');
    page.send('mousemove');
    expect(await settled(acted)).toBe(false);
    expect(page.attached.size).toBeGreaterThan(0);
    page.send('focusin');
    expect(await settled(acted)).toBe(true);
    expect([...page.attached]).toEqual([]);
  });

  it.each(['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown'])(
    'takes %s as an act',
    async (type) => {
      const page = stubWindow(0);
      const acted = whenVisitorActs();
      page.send(type);
      expect(await settled(acted)).toBe(true);
    },
  );

  it('resolves at once when the focus is already in the page (typed before this ran)', async () => {
    const body = {};
    const page = stubWindow(0);
    vi.stubGlobal('document', { body, activeElement: { id: 'claim-email' } });
    expect(await settled(whenVisitorActs())).toBe(true);
    expect([...page.attached]).toEqual([]);
    // The focus still on the page's body is no act.
    vi.stubGlobal('document', { body, activeElement: body });
    expect(await settled(whenVisitorActs())).toBe(false);
  });

  it('resolves at once once an earlier wait saw the visitor act (the click that started the app)', async () => {
    const page = stubWindow(0);
    const first = whenVisitorActs();
    page.send('pointerdown');
    expect(await settled(first)).toBe(true);
    // The same page, no focus moved and not scrolled: the act is not asked for twice.
    expect(await settled(whenVisitorActs())).toBe(true);
    expect([...page.attached]).toEqual([]);
  });

  it('resolves at once on a page already scrolled (the visitor moved, or came to a #place)', async () => {
    const page = stubWindow(640);
    expect(await settled(whenVisitorActs())).toBe(true);
    expect([...page.attached]).toEqual([]);
  });

  it('resolves at once on the server, which prerenders the form', async () => {
    expect(typeof (globalThis as { scrollY?: unknown }).scrollY).toBe('undefined');
    expect(await settled(whenVisitorActs())).toBe(true);
  });
});
