import { suggestWords } from '../../i18n/areas/suggest.ts';
import { isLanguage, languageSwitchAttribute, type Language } from '../../i18n/languages.ts';
import { rememberAnswer, watchLanguageChoice } from '../../i18n/suggestion.ts';
import {
  languageNoteAttribute,
  languageToSuggest,
  switchLanguages,
  switchLinks,
} from '../../i18n/suggestionDue.ts';
import { catalogueIn, textOf } from '../../i18n/words.ts';
import { linkStylesheet } from '../stylesheet.ts';
import styles from './LanguageSuggestion.module.css';

/**
 * "Esta página está disponible en español": a small note under the language switch, in the
 * language it suggests (marked with it, so a screen reader reads it right), with a link to the
 * same page in that language and a "No, gracias". It takes no room in the page (nothing moves),
 * and comes after the skip link in the reading and tab order: it is drawn into the element the
 * partner layout keeps for it there (`languageNoteAttribute`, empty in the prerendered page).
 * Following it or dismissing it is the visitor's answer, kept for later visits (suggestion.ts).
 *
 * Plain DOM, no React: a prerendered page shows it as it settles without starting the app
 * (src/main.tsx), which on a slow phone was 100 KB of script and the page's longest tasks for
 * every visitor whose browser speaks another of the page's languages (issue 40). The app's
 * layout calls it too (LanguageNoteSlot.tsx), for pages the browser renders itself. React leaves
 * the element's inside alone (it is set as inner HTML that never changes).
 */
export async function showLanguageNote(
  doc: Document,
  offered: readonly Language[] = switchLanguages(doc),
): Promise<void> {
  const slot = doc.querySelector<HTMLElement>(`[${languageNoteAttribute}]`);
  const page = doc.documentElement.lang;
  if (!slot || slot.hasChildNodes() || !isLanguage(page)) return;
  const wanted = languageToSuggest(page, [page, ...offered], {
    languages: navigator.languages,
    userAgent: navigator.userAgent,
  });
  if (!wanted) return;
  // The note points at the switch: on a page the app draws, it may come a moment later. Its rules
  // are in the whole stylesheet: a prerendered page inlines only those its own HTML uses.
  const [words] = await Promise.all([
    catalogueIn(suggestWords, wanted),
    switchShown(doc, wanted),
    linkStylesheet(doc),
  ]);
  // Decided again once both are here: another call may have drawn it, or the page moved on.
  if (!slot.isConnected || slot.hasChildNodes() || doc.documentElement.lang !== page) return;
  slot.append(note(doc, wanted, textOf(words)));
}

/** Resolves once the page shows the switch's link to `language`. */
function switchShown(doc: Document, language: Language): Promise<void> {
  const shown = () => switchLinks(doc).some((link) => link.hreflang === language);
  if (shown()) return Promise.resolve();
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!shown()) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(doc.body, { childList: true, subtree: true });
  });
}

function note(doc: Document, language: Language, t: (key: keyof typeof suggestWords.en) => string) {
  const aside = element(doc, 'aside', styles.note);
  aside.lang = language;
  aside.setAttribute('aria-label', t('label'));
  // Following its link is choosing a language, as with the switch (watchLanguageChoice).
  aside.setAttribute(languageSwitchAttribute, '');
  const text = element(doc, 'p', styles.text);
  text.textContent = t('available');
  const actions = element(doc, 'div', styles.actions);
  const open = element(doc, 'a', styles.open);
  open.hreflang = language;
  open.textContent = t('open');
  const dismiss = element(doc, 'button', styles.dismiss);
  dismiss.type = 'button';
  dismiss.textContent = t('dismiss');
  actions.append(open, dismiss);
  aside.append(text, actions);

  const switchLink = () => switchLinks(doc).find((link) => link.hreflang === language);
  const stop = watchLanguageChoice(() => close());
  function close() {
    stop();
    aside.remove();
  }
  // The switch's link of the moment: the app moves it along with the page, and carries what the
  // visitor typed with it (LanguageSwitch.tsx); before the app, it is the other page's address.
  // Read again whenever the link may be used without a plain click (a middle-click, "open in new
  // tab", a hover showing the address, Enter after Tab), so none of them opens an older address.
  const current = () => open.setAttribute('href', switchLink()?.getAttribute('href') ?? '');
  current();
  for (const type of ['pointerdown', 'pointerenter', 'focus', 'contextmenu'])
    open.addEventListener(type, current);
  open.addEventListener('click', (event) => {
    const target = switchLink();
    if (!target) return;
    event.preventDefault();
    close();
    target.click();
  });
  dismiss.addEventListener('click', () => {
    rememberAnswer('dismissed');
    close();
    // The note is gone: focus goes on to the switch it pointed at (or the page's content).
    const next = switchLink() ?? doc.getElementById('main');
    if (next && !next.matches('a') && !next.hasAttribute('tabindex'))
      next.setAttribute('tabindex', '-1');
    next?.focus();
  });
  return aside;
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string | undefined,
): HTMLElementTagNameMap[K] {
  const made = doc.createElement(tag);
  if (className) made.className = className;
  return made;
}
