import { afterEach, describe, expect, it } from 'vitest';
import { page as screen } from 'vitest/browser';
import { languageSwitchAttribute } from '../../../src/i18n/languages.ts';
import { rememberAnswer } from '../../../src/i18n/suggestion.ts';
import {
  answerKey,
  languageNoteAttribute,
  mayBeSuggestedLanguage,
} from '../../../src/i18n/suggestionDue.ts';
import { showLanguageNote } from '../../../src/ui/LanguageSuggestion/languageNote.ts';

/**
 * Issue 37's suggestion without the app (issue 40): the note is drawn into the prerendered page's
 * slot by plain DOM, points at the switch's link, and its answers are kept. The app's own use of
 * it (a page it draws) is PartnerLayout.test.tsx's.
 */
function preferring(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { get: () => languages, configurable: true });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'languages');
  localStorage.removeItem(answerKey);
  document.body.replaceChildren();
  document.documentElement.lang = 'en';
});

/** A prerendered English page of lowes: the skip link, the note's empty slot, the switch. */
function prerenderedPage() {
  document.documentElement.lang = 'en';
  document.body.innerHTML = `
    <div id="root"><div class="partner-root">
      <a class="skip-link" href="#main">Skip to main content</a>
      <div ${languageNoteAttribute} style="display: contents"></div>
      <nav class="language-switch" ${languageSwitchAttribute}><a href="/lowes/es" hreflang="es" lang="es">Español</a></nav>
      <main id="main"><h1>Stay safe at home</h1></main>
    </div></div>`;
  const switchLink = document.querySelector<HTMLAnchorElement>('nav a')!;
  const followed: string[] = [];
  // The test stays on its page: the switch's link is followed as far as its listeners.
  switchLink.addEventListener('click', (event) => {
    followed.push(switchLink.getAttribute('href') ?? '');
    event.preventDefault();
  });
  return { switchLink, followed };
}

const note = () => screen.getByRole('complementary', { name: 'Sugerencia de idioma' });

describe('the language note before the app', () => {
  it('shows the page in Spanish to a browser that prefers it, after the skip link, in Spanish', async () => {
    preferring(['es-MX', 'en']);
    prerenderedPage();
    await showLanguageNote(document);
    await expect.element(note()).toBeVisible();
    const aside = note().element();
    expect(aside.getAttribute('lang')).toBe('es');
    expect(aside.parentElement?.hasAttribute(languageNoteAttribute)).toBe(true);
    expect(aside.textContent).toContain('Esta página está disponible en español.');
    await expect
      .element(note().getByRole('link', { name: 'Ver la página en español' }))
      .toHaveAttribute('href', '/lowes/es');
    // In the reading and tab order right after the skip link.
    const focusable = [...document.querySelectorAll('a, button')].map((el) => el.textContent);
    expect(focusable.slice(0, 3)).toEqual([
      'Skip to main content',
      'Ver la página en español',
      'No, gracias',
    ]);
    // Drawn once, however often it is asked (the entry and the app's layout both may).
    await showLanguageNote(document);
    expect(document.querySelectorAll('aside')).toHaveLength(1);
  });

  it('follows the switch’s own link, keeps the choice, and is gone', async () => {
    preferring(['es']);
    const { followed } = prerenderedPage();
    await showLanguageNote(document);
    await note().getByRole('link', { name: 'Ver la página en español' }).click();
    expect(followed).toEqual(['/lowes/es']);
    expect(localStorage.getItem(answerKey)).toBe('es');
    expect(document.querySelectorAll('aside')).toHaveLength(0);
  });

  it('keeps its link the switch’s current one for a middle-click, a new tab or Enter', async () => {
    preferring(['es']);
    const { switchLink } = prerenderedPage();
    await showLanguageNote(document);
    const open = note().getByRole('link', { name: 'Ver la página en español' }).element();
    // The app carries what the visitor typed on to the other language's page.
    for (const [type, zip] of [
      ['pointerdown', '94110'],
      ['contextmenu', '94117'],
      ['focus', '94121'],
    ] as const) {
      switchLink.setAttribute('href', `/lowes/es?zip=${zip}`);
      open.dispatchEvent(new Event(type));
      expect(open.getAttribute('href')).toBe(`/lowes/es?zip=${zip}`);
    }
  });

  it('on "No, gracias" keeps the answer, goes, and hands the focus to the switch', async () => {
    preferring(['es']);
    prerenderedPage();
    await showLanguageNote(document);
    await note().getByRole('button', { name: 'No, gracias' }).click();
    expect(document.querySelectorAll('aside')).toHaveLength(0);
    expect(localStorage.getItem(answerKey)).toBe('dismissed');
    expect(document.activeElement?.textContent).toBe('Español');
    // Not again on the next page.
    prerenderedPage();
    await showLanguageNote(document);
    expect(document.querySelectorAll('aside')).toHaveLength(0);
  });

  it('says nothing to a browser in the page’s language, or in a language not offered', async () => {
    for (const languages of [['en-US', 'es'], ['fr-FR']]) {
      preferring(languages);
      prerenderedPage();
      await showLanguageNote(document);
      expect(document.querySelectorAll('aside')).toHaveLength(0);
    }
  });
});

describe('mayBeSuggestedLanguage', () => {
  /** A page in English whose switch offers English and Spanish. */
  function page(lang = 'en', offered = ['en', 'es']) {
    const doc = document.implementation.createHTMLDocument('page');
    doc.documentElement.lang = lang;
    const nav = doc.createElement('nav');
    nav.setAttribute(languageSwitchAttribute, '');
    nav.innerHTML = offered
      .map((code) => `<a hreflang="${code}" href="/${code}">${code}</a>`)
      .join('');
    doc.body.append(nav);
    return doc;
  }

  const visitor = (languages: string[], userAgent = navigator.userAgent) => ({
    languages,
    userAgent,
  });
  /** A store holding the visitor's answer to an earlier suggestion, if any. */
  const answers = (answer: string | null) => () => ({ getItem: () => answer, setItem() {} });
  const unanswered = answers(null);

  it('is true when the visitor’s first language the page offers is another', () => {
    expect(mayBeSuggestedLanguage(page(), visitor(['es-MX', 'en-US']), unanswered)).toBe(true);
    expect(mayBeSuggestedLanguage(page(), visitor(['fr-FR', 'es']), unanswered)).toBe(true);
    expect(mayBeSuggestedLanguage(page('es'), visitor(['en-GB']), unanswered)).toBe(true);
  });

  it('is false for the page’s own language first, a language not offered, or no switch', () => {
    expect(mayBeSuggestedLanguage(page(), visitor(['en-US', 'es']), unanswered)).toBe(false);
    expect(mayBeSuggestedLanguage(page(), visitor(['fr-FR', 'de']), unanswered)).toBe(false);
    expect(mayBeSuggestedLanguage(page('en', []), visitor(['es']), unanswered)).toBe(false);
  });

  it('is false for a visitor who answered a suggestion before, and for a crawler', () => {
    expect(mayBeSuggestedLanguage(page(), visitor(['es-MX']), answers('dismissed'))).toBe(false);
    const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(mayBeSuggestedLanguage(page(), visitor(['es-MX'], crawler), unanswered)).toBe(false);
  });

  it('reads the answer the suggestion keeps (a language chosen, or dismissed)', () => {
    try {
      expect(mayBeSuggestedLanguage(page(), visitor(['es-MX']))).toBe(true);
      rememberAnswer('dismissed');
      expect(mayBeSuggestedLanguage(page(), visitor(['es-MX']))).toBe(false);
    } finally {
      localStorage.removeItem(answerKey);
    }
  });
});
