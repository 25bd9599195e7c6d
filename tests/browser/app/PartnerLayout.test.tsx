import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import {
  allPartners,
  cleanupApp,
  currentUrl,
  partner,
  renderApp,
  sleep,
} from '../support/render.tsx';
import { browserCatalog } from '../../../src/partner/browserCatalog.ts';
import { partnerInLanguage } from '../../../src/config/translations.ts';
import type { PartnerCatalog } from '../../../src/partner/PartnerCatalog.ts';

/*
 * The test page is served from 127.0.0.1, which no partner lists as a host, so the route decides.
 */

let icon: HTMLLinkElement;
let description: HTMLMetaElement;

const added: Element[] = [];

/** The page's first element matching `selector` (the one the layout updates), made if missing. */
function headElement<T extends Element>(selector: string, make: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const made = make();
  document.head.prepend(made);
  added.push(made);
  return made;
}

beforeEach(() => {
  document.title = 'before';
  icon = headElement('link[rel="icon"]', () => document.createElement('link'));
  icon.rel = 'icon';
  icon.href = '/old.svg';
  description = headElement('meta[name="description"]', () => document.createElement('meta'));
  description.name = 'description';
  description.content = 'old';
});

afterEach(() => {
  cleanupApp();
  for (const element of added.splice(0)) element.remove();
});

const partnerRoot = () => document.querySelector<HTMLElement>('.partner-root');

describe('PartnerLayout: page title and partner', () => {
  for (const [path, id, title] of [
    ['/demo', 'demo', 'Demo Partner | HomeSafe Scan'],
    ['/lowes', 'lowes', "Lowe's | HomeSafe Scan"],
    ['/cor-freedom', 'cor-freedom', 'Cor Freedom Care | HomeSafe Scan'],
    ['/Demo', 'demo', 'Demo Partner | HomeSafe Scan'],
    ['/demo/claim-offer/complete', 'demo', 'Demo Partner | HomeSafe Scan'],
  ] as const) {
    it(`${path}: titles the page '${title}' and themes it for ${id}`, async () => {
      renderApp(path);
      await expect.poll(() => document.title).toBe(title);
      expect(partnerRoot()?.dataset.partner).toBe(id);
      const config = partner(id);
      expect(icon.getAttribute('href')).toBe(config.branding.faviconSrc);
      expect(description.content).toBe(config.meta?.description);
    });
  }

  for (const path of ['/acme', '/', '/nobody/claim-offer/complete']) {
    it(`${path}: falls back to the default partner's title`, async () => {
      renderApp(path);
      // The default partner is the product itself: the title names it once and says what it is.
      expect(partner('default').name).toBe('HomeSafe Scan');
      await expect
        .poll(() => document.title)
        .toBe('HomeSafe Scan | Virtual Home Safety Assessment');
      expect(document.title).toBe('HomeSafe Scan | Virtual Home Safety Assessment');
      expect(partnerRoot()?.dataset.partner).toBe('default');
    });
  }

  it('follows the partner when the route changes', async () => {
    const { router } = renderApp('/demo');
    await expect.poll(() => document.title).toBe('Demo Partner | HomeSafe Scan');
    await router.navigate('/cor-freedom');
    await expect.poll(() => document.title).toBe('Cor Freedom Care | HomeSafe Scan');
    await router.navigate('/unknown-partner');
    await expect.poll(() => document.title).toBe('HomeSafe Scan | Virtual Home Safety Assessment');
  });

  it('lets a retailer host name win over the route', async () => {
    // The test page's own host belongs to no partner, so the catalog below answers for it as the
    // retailer's host would (the catalog's own rules are src/config/resolvePartner.test.ts's): the
    // title shows the layout asked with the browser's host name, and that the host outranked /demo.
    const asked: (string | undefined)[] = [];
    const catalog: PartnerCatalog = {
      resolve: (request) => {
        asked.push(request.hostname);
        const asRetailer = request.hostname === window.location.hostname;
        return allPartners.resolve(
          asRetailer ? { ...request, hostname: 'homesafety.lowes.com' } : request,
        );
      },
    };
    renderApp('/demo', {}, undefined, catalog);
    await expect.poll(() => document.title).toBe("Lowe's | HomeSafe Scan");
    expect(partnerRoot()?.dataset.partner).toBe('lowes');
    expect(asked).toContain(window.location.hostname);
  });

  it('redirects any other path to /', async () => {
    const { router } = renderApp('/demo/not/a/page');
    await expect.poll(() => currentUrl(router)).toBe('/');
    await expect.poll(() => document.title).toBe('HomeSafe Scan | Virtual Home Safety Assessment');
  });

  it('offers a skip link to the main content', async () => {
    renderApp('/demo/claim-offer/complete');
    await expect.element(page.getByRole('heading', { name: 'Thank you.' })).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Skip to main content' }))
      .toHaveAttribute('href', '#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });

  it("renders a partner and words it fetched without React's warnings about use()", async () => {
    // The browser's catalog with no partner embedded (a page the browser renders itself, as on
    // the dev server): the Spanish lowes file comes a moment later, and so do the Spanish words.
    const catalog = browserCatalog(undefined, async (path) =>
      path === '/partner-data/lowes.es.json'
        ? partnerInLanguage(partner('lowes'), 'es')
        : path === '/partner-data/hosts.json'
          ? {}
          : undefined,
    );
    const errors = vi.spyOn(console, 'error');
    try {
      renderApp('/lowes/es/claim-offer/complete', {}, undefined, catalog);
      await expect.element(page.getByRole('heading', { name: 'Muchas gracias.' })).toBeVisible();
      expect(partnerRoot()?.dataset.partner).toBe('lowes');
      // A cache that swaps a settled promise for its value makes React say "called use() to
      // suspend in a previous render but did not call use() when it finished".
      expect(errors.mock.calls.flat().map(String).join('\n')).not.toMatch(/use\(\)|uncached/);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('the language suggestion (issue 37)', () => {
  /** The browser's languages as a visitor's browser says them. */
  function preferring(languages: string[]) {
    Object.defineProperty(navigator, 'languages', { get: () => languages, configurable: true });
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'languages');
    localStorage.removeItem('homesafe.languageChoice');
  });
  const note = () => page.getByRole('complementary', { name: 'Sugerencia de idioma' });

  it('offers the page in Spanish to a browser that prefers it, politely and only until answered', async () => {
    preferring(['es-MX', 'en']);
    renderApp('/lowes/claim-offer/complete');
    await expect.element(note()).toBeVisible();
    expect(note().element().getAttribute('lang')).toBe('es');
    expect(note().element().textContent).toContain('Esta página está disponible en español.');
    // The same page in Spanish, never a redirect: the address has not changed.
    await expect
      .element(note().getByRole('link', { name: 'Ver la página en español' }))
      .toHaveAttribute('href', '/lowes/es/claim-offer/complete');
    await note().getByRole('button', { name: 'No, gracias' }).click();
    await expect.element(note()).not.toBeInTheDocument();
    // Focus goes on to the switch the note pointed at.
    expect(document.activeElement?.textContent).toBe('Español');
    cleanupApp();
    renderApp('/lowes/claim-offer/complete');
    await expect.element(page.getByRole('heading', { name: 'Thank you.' })).toBeVisible();
    expect(note().elements()).toHaveLength(0);
  });

  it('says nothing to a browser in the page language, nor for a partner in English only', async () => {
    // The test above loaded the note's code and words: a note decided on would be drawn at once.
    preferring(['en-US', 'es']);
    renderApp('/lowes/claim-offer/complete');
    await expect.element(page.getByRole('heading', { name: 'Thank you.' })).toBeVisible();
    await sleep(50);
    expect(note().elements()).toHaveLength(0);
    preferring(['es']);
    cleanupApp();
    renderApp('/cor-freedom/claim-offer/complete');
    await expect.element(page.getByRole('heading', { name: 'Thank you.' })).toBeVisible();
    await sleep(50);
    expect(note().elements()).toHaveLength(0);
  });
});
