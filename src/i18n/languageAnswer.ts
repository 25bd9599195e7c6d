/**
 * What the language suggestion keeps and who never sees it, in a module of its own: the page's
 * first load asks both before starting the app for a suggestion (src/app/whenAppNeeded.ts), and
 * the suggestion's own code (suggestion.ts) loads only with the app.
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
