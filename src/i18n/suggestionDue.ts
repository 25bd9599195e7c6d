import { languageSwitchAttribute } from './languages.ts';

/**
 * Whether the language suggestion may be due on this page, in a few bytes of the first load: the
 * suggestion's own code (suggestion.ts, src/ui/LanguageSuggestion/) is fetched only when it is.
 * Also what the suggestion keeps, and who never sees it.
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

/**
 * Whether the visitor's first language this page offers (its switch's links) is not the page's,
 * and they have not answered a suggestion before (nor are a crawler): then the suggestion's code
 * may show it (suggestion.ts decides). Before a visitor who had answered it, or a crawler, started
 * the whole app at load on every page in another language than their browser's.
 */
export function mayBeSuggestedLanguage(
  doc: Document,
  visitor: Visitor,
  answered: () => boolean = hasAnswered,
): boolean {
  const offered: string[] = [];
  for (const link of doc.querySelectorAll(`[${languageSwitchAttribute}] a[hreflang]`))
    offered.push(link.getAttribute('hreflang') ?? '');
  return mayBeSuggested(doc.documentElement.lang, offered, visitor, answered);
}

export interface Visitor {
  languages: readonly string[];
  userAgent: string;
}

/** The same, for a page in `page` whose partner offers `offered` (the app knows them). */
export function mayBeSuggested(
  page: string,
  offered: readonly string[],
  visitor: Visitor,
  answered: () => boolean = hasAnswered,
): boolean {
  if (robot.test(visitor.userAgent) || answered()) return false;
  const first = visitor.languages
    .map((tag) => tag.toLowerCase().split('-')[0] ?? '')
    .find((language) => language === page || offered.includes(language));
  return first !== undefined && first !== page;
}

/** On the element the partner layout keeps for the suggestion's note (it sits in the page there). */
export const languageNoteAttribute = 'data-language-note';
