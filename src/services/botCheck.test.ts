import { afterEach, describe, expect, it, vi } from 'vitest';
import { recaptchaBotCheck } from './botCheck.ts';

/*
 * Issue 30: a reCAPTCHA script that failed to load (no network a moment ago, a blocked request) is
 * not kept: the visitor's next submit loads it again instead of failing until a reload. The
 * script elements are caught before they reach the page, and loaded or failed by the test.
 */
interface FakeScript {
  src: string;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  removed: boolean;
  remove(): void;
}

function fakePage() {
  const scripts: FakeScript[] = [];
  const page = { grecaptcha: undefined as unknown };
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', {
    createElement: (): FakeScript => ({
      src: '',
      async: false,
      onload: null,
      onerror: null,
      removed: false,
      remove() {
        this.removed = true;
      },
    }),
    head: { append: (script: FakeScript) => scripts.push(script) },
  });
  return { scripts, page };
}

afterEach(() => vi.unstubAllGlobals());

/** Lets the pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('recaptchaBotCheck in the browser', () => {
  it('loads the script again on the next token after a failed load', async () => {
    const { scripts, page } = fakePage();
    const check = recaptchaBotCheck('site-key');

    const first = check.token('landing_signup');
    await settle();
    expect(scripts).toHaveLength(1);
    scripts[0]?.onerror?.();
    await expect(first).rejects.toThrow('reCAPTCHA did not load');
    expect(scripts[0]?.removed).toBe(true);

    const second = check.token('landing_signup');
    await settle();
    expect(scripts).toHaveLength(2);
    expect(scripts[1]?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key');
    page.grecaptcha = {
      ready: (callback: () => void) => callback(),
      execute: async (key: string, { action }: { action: string }) => `${key}:${action}`,
    };
    scripts[1]?.onload?.();
    await expect(second).resolves.toBe('site-key:landing_signup');

    // Loaded once, kept: a later token needs no new script.
    await expect(check.token('landing_complete')).resolves.toBe('site-key:landing_complete');
    expect(scripts).toHaveLength(2);
  });
});
