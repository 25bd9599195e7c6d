import { answerKey, hasAnswered, localAnswers, robot, type AnswerStore } from './suggestionDue.ts';
import { isLanguage, languageSwitchAttribute, type Language } from './languages.ts';

/*
 * The browser's language may suggest another language of the page, never redirect (issue 37).
 * The suggestion is decided in the browser after the page has started (the prerendered HTML is
 * the same for everyone, a crawler's included), and it stops once the visitor has answered it:
 * by following it, by dismissing it, or by choosing a language with the switch.
 */

type Store = AnswerStore;
const local: Store = localAnswers;

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
 * own, when the partner offers it and the page is in another, unless the visitor answered before.
 */
export function languageToSuggest(
  page: Language,
  offered: readonly Language[] | undefined,
  visitor: Visitor,
  store: Store = local,
): Language | undefined {
  if (!offered || offered.length < 2 || robot.test(visitor.userAgent)) return undefined;
  const wanted = browserLanguage(visitor.languages);
  if (!wanted || wanted === page || !offered.includes(wanted)) return undefined;
  // No storage: a suggestion now, and again on another page (it cannot be remembered).
  return hasAnswered(store) ? undefined : wanted;
}

/** Keeps the visitor's answer: a language chosen, or the suggestion dismissed. */
export function rememberAnswer(answer: Language | 'dismissed', store: Store = local): void {
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
export function watchLanguageChoice(onChoice: () => void, store: Store = local): () => void {
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
