import { isLanguage, languageSwitchAttribute, type Language } from './languages.ts';

/**
 * Who is suggested which language, in a few bytes of the first load: the note's own code
 * (src/ui/LanguageSuggestion/languageNote.ts, with suggestion.ts) is fetched only when one is
 * due. Also where the visitor's answer is kept, and who never sees a suggestion.
 */

/** Where the answer is kept, for later visits too: a language the visitor chose, or "dismissed". */
export const answerKey = 'homesafe.languageChoice';

export type AnswerStore = () => Pick<Storage, 'getItem' | 'setItem'>;
export const localAnswers: AnswerStore = () => window.localStorage;

/** Whether the visitor answered a suggestion before (no storage: not that we know of). */
export function hasAnswered(store: AnswerStore = localAnswers): boolean {
  try {
    return store().getItem(answerKey) !== null;
  } catch {
    return false;
  }
}

/** Crawlers and link previews run scripts too: they are never shown a suggestion. */
export const robot = /[a-z]bot\/|crawl|spider|slurp|facebookexternalhit|bingpreview/i;

/** The first of the browser's languages (`navigator.languages`) that the product speaks. */
export function browserLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

export interface Visitor {
  languages: readonly string[];
  userAgent: string;
}

/**
 * The language to suggest on a page in `page` of a partner offering `offered`: the browser's
 * own, when the partner offers it and the page is in another, unless the visitor answered before
 * or is a crawler.
 */
export function languageToSuggest(
  page: Language,
  offered: readonly Language[] | undefined,
  visitor: Visitor,
  store: AnswerStore = localAnswers,
): Language | undefined {
  if (!offered || offered.length < 2 || robot.test(visitor.userAgent)) return undefined;
  const wanted = browserLanguage(visitor.languages);
  if (!wanted || wanted === page || !offered.includes(wanted)) return undefined;
  // No storage: a suggestion now, and again on another page (it cannot be remembered).
  return hasAnswered(store) ? undefined : wanted;
}

/**
 * The same for a prerendered page, before the app: its language and the languages its switch
 * links to. Before, a visitor who had answered the suggestion, or a crawler, started the whole app
 * at load on every page in another language than their browser's.
 */
export function mayBeSuggestedLanguage(
  doc: Document,
  visitor: Visitor,
  store: AnswerStore = localAnswers,
): boolean {
  const page = doc.documentElement.lang;
  return (
    isLanguage(page) &&
    languageToSuggest(page, [page, ...switchLanguages(doc)], visitor, store) !== undefined
  );
}

/** The languages the page's language switch links to (the page's other languages). */
export function switchLanguages(doc: Document): Language[] {
  return switchLinks(doc)
    .map((link) => link.hreflang)
    .filter(isLanguage);
}

/**
 * The switch's links to the page in each other language. The suggestion's note is marked as a
 * switch too (following it is a choice of language), but its own link is not one of these.
 */
export function switchLinks(doc: Document): HTMLAnchorElement[] {
  return [
    ...doc.querySelectorAll<HTMLAnchorElement>(
      `[${languageSwitchAttribute}]:not(aside) a[hreflang]`,
    ),
  ];
}

/** On the element the partner layout keeps for the suggestion's note (it sits in the page there). */
export const languageNoteAttribute = 'data-language-note';
