import { answerKey, localAnswers, type AnswerStore } from './suggestionDue.ts';
import { isLanguage, languageSwitchAttribute, type Language } from './languages.ts';

/*
 * The browser's language may suggest another language of the page, never redirect (issue 37).
 * The suggestion is decided in the browser (suggestionDue.ts; the prerendered HTML is the same
 * for everyone, a crawler's included), and it stops once the visitor has answered it: by
 * following it, by dismissing it, or by choosing a language with the switch (kept here).
 */

/** Keeps the visitor's answer: a language chosen, or the suggestion dismissed. */
export function rememberAnswer(
  answer: Language | 'dismissed',
  store: AnswerStore = localAnswers,
): void {
  try {
    store().setItem(answerKey, answer);
  } catch {
    // Not kept: the suggestion may show again on another visit.
  }
}

/**
 * While a suggestion may show: a language chosen with the switch (or the suggestion's own link,
 * which is marked the same way) is the visitor's answer. Returns what stops listening.
 */
export function watchLanguageChoice(
  onChoice: () => void,
  store: AnswerStore = localAnswers,
): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const chosen = target
      ?.closest(`[${languageSwitchAttribute}] a[hreflang]`)
      ?.getAttribute('hreflang');
    if (!isLanguage(chosen)) return;
    rememberAnswer(chosen, store);
    onChoice();
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
