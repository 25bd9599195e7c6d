import { isValidElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { matchRoutes, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';
import { addressLanguage } from '../config/appShell.ts';
import { LanguageProvider } from '../i18n/languageContext.tsx';
import type { Language } from '../i18n/languages.ts';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';

/** Issue 37: each language's addresses, and the switch between them. */
function layoutOf(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const layout = matches[0];
  const element = layout?.route.element;
  const language = isValidElement<{ language?: Language }>(element)
    ? element.props.language
    : undefined;
  return { language, clientId: layout?.params.clientId, leaf: matches.at(-1)?.route.path };
}

describe('the routes of each language', () => {
  it.each([
    ['/lowes', 'en', 'lowes', undefined],
    ['/lowes/es', 'es', 'lowes', undefined],
    ['/lowes/es/claim-offer/process', 'es', 'lowes', 'process'],
    ['/es/claim-offer/create-home', 'es', undefined, 'create-home'],
    ['/es', 'es', undefined, undefined],
    ['/demo/spring-offer', 'en', 'demo', ':slug'],
    ['/demo/es/spring-offer', 'es', 'demo', ':slug'],
    ['/lowes/claim-offer/complete', 'en', 'lowes', 'complete'],
    ['/claim-offer/payment-return', 'en', undefined, 'payment-return'],
  ])('%s is in %s for partner %s', (path, language, clientId, leaf) => {
    expect(layoutOf(path)).toEqual({ language, clientId, leaf });
    // The server's rule for the app shell's language says what the router will (appShell.ts).
    expect(addressLanguage(`${path}?t=abc`)).toBe(language);
  });
});

function switchAt(path: string, language: Language, offered: Language[] = ['en', 'es']) {
  const pattern = language === 'en' ? '/:clientId?/*' : `/:clientId?/${language}/*`;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <LanguageProvider value={language}>
        <Routes>
          <Route path={pattern} element={<LanguageSwitch offered={offered} />} />
        </Routes>
      </LanguageProvider>
    </MemoryRouter>,
  );
}

describe('LanguageSwitch', () => {
  it('links the same page in the other language, named and marked in it', () => {
    const html = switchAt('/lowes', 'en');
    expect(html).toContain('aria-label="Language"');
    expect(html).toMatch(
      /<a[^>]*hrefLang="es"[^>]*lang="es"[^>]*href="\/lowes\/es"[^>]*>Español<\/a>/,
    );
  });

  it('leads back to English from a Spanish step, keeping the query (the link token)', () => {
    const html = switchAt('/lowes/es/claim-offer/create-home?t=abc', 'es');
    expect(html).toContain('aria-label="Idioma"');
    expect(html).toContain('href="/lowes/claim-offer/create-home?t=abc"');
    expect(html).toContain('>English</a>');
  });

  it("on a partner's own host, switches between / and /es", () => {
    expect(switchAt('/', 'en')).toContain('href="/es"');
    expect(switchAt('/es', 'es')).toContain('href="/"');
  });

  it('shows nothing for a partner with one language', () => {
    expect(switchAt('/cor-freedom', 'en', ['en'])).toBe('');
  });
});
