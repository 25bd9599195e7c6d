import { languageSwitchAttribute } from './languages.ts';

/**
 * The handover of a form's answers through the language switch (switchAnswers.ts says what it is
 * for): its shape in the tab's session storage, writing it, and the listener the page's first
 * script adds (main.tsx). Kept apart from the rest so that the first load carries only this.
 */

export type Answers = Record<string, string>;
export type Store = () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Handover {
  /** The address the answers are for: the page in the other language. */
  to: string;
  at: number;
  answers: Answers;
}

export const keyOf = (form: string) => `homesafe.switchAnswers.${form}`;
/** Answers older than this are not filled in (a page left and opened much later). */
export const keptMs = 10 * 60_000;
export const samePath = (path: string) => path.replace(/\/+$/, '') || '/';

export const session: Store = () => window.sessionStorage;

/** The language switch's link a click followed, if it was one. */
export function switchLinkOf(event: MouseEvent): HTMLAnchorElement | undefined {
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest(`[${languageSwitchAttribute}] a[href]`);
  return link instanceof HTMLAnchorElement ? link : undefined;
}

/** Keeps a form's non-empty answers for the page `link` opens. */
export function keepFor(
  form: string,
  link: HTMLAnchorElement,
  answers: Readonly<Record<string, string | undefined>>,
  store: Store,
): void {
  const filled = Object.entries(answers).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  if (filled.length === 0) return;
  const handover: Handover = {
    to: samePath(new URL(link.href, window.location.href).pathname),
    at: Date.now(),
    answers: Object.fromEntries(filled),
  };
  try {
    store().setItem(keyOf(form), JSON.stringify(handover));
  } catch {
    // No session storage (a private window's quota): the form starts empty, as before.
  }
}

/** The attribute a form's root carries, naming the form (its id prefix), in the prerendered page. */
export const answersForAttribute = 'data-answers-for';

/**
 * From the page's first script on, before any form's own code is here: when the visitor follows a
 * link of the language switch, what they typed into each prerendered form's text fields (an input
 * `<form>_<field>` under a root with `data-answers-for="<form>"`) is kept for the page the link
 * opens. A form whose code has arrived listens too (carryOnSwitch, added later, so it runs after
 * this) and keeps its own answers, its select lists' choices among them, in their place.
 */
export function carryTypedOnSwitch(store: Store = session): () => void {
  const onClick = (event: MouseEvent) => {
    const link = switchLinkOf(event);
    if (!link) return;
    for (const root of document.querySelectorAll<HTMLElement>(`[${answersForAttribute}]`)) {
      const form = root.getAttribute(answersForAttribute);
      if (!form) continue;
      const typed: Record<string, string> = {};
      for (const input of root.querySelectorAll<HTMLInputElement>(`input[id^="${form}_"]`)) {
        if (['hidden', 'checkbox', 'radio', 'submit', 'button'].includes(input.type)) continue;
        typed[input.id.slice(form.length + 1)] = input.value;
      }
      keepFor(form, link, typed, store);
    }
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
