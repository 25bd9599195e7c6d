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
export const samePath = (path: string) => path.replace(/\/+$/, '') || '/';

export const session: Store = () => window.sessionStorage;

/** The language switch's link a click followed, if it was one. */
function switchLinkOf(event: MouseEvent): HTMLAnchorElement | undefined {
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest(`[${languageSwitchAttribute}] a[href]`);
  return link instanceof HTMLAnchorElement ? link : undefined;
}

/** Keeps a form's non-empty answers for the page `link` opens. */
function keepFor(
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

type Answering = () => Readonly<Record<string, string | undefined>>;

/** The forms whose code is running, each with what it holds now (answersOnSwitch). */
const running = new Map<string, Answering>();

/**
 * A form whose code is running hands the switch its answers (`answers()`, read when the switch is
 * followed), its select lists' choices among them. Returns what takes them back.
 */
export function answersOnSwitch(form: string, answers: Answering): () => void {
  running.set(form, answers);
  return () => {
    if (running.get(form) === answers) running.delete(form);
  };
}

/** What is typed in the text inputs of a prerendered form (`<form>_<field>`), by field. */
function typedIn(root: Element, form: string): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const input of root.querySelectorAll<HTMLInputElement>(`input[id^="${form}_"]`)) {
    if (['hidden', 'checkbox', 'radio', 'submit', 'button'].includes(input.type)) continue;
    typed[input.id.slice(form.length + 1)] = input.value;
  }
  return typed;
}

/**
 * From the page's first script on: when the visitor follows a link of the language switch, each
 * form on the page (a root with `data-answers-for="<form>"`) has its answers kept for the page the
 * link opens: a running form's own (answersOnSwitch), else, before its code is here, what is typed
 * into its prerendered text fields. Returns what stops listening.
 */
export function carryAnswersOnSwitch(store: Store = session): () => void {
  const onClick = (event: MouseEvent) => {
    const link = switchLinkOf(event);
    if (!link) return;
    for (const root of document.querySelectorAll(`[${answersForAttribute}]`)) {
      const form = root.getAttribute(answersForAttribute);
      if (form) keepFor(form, link, running.get(form)?.() ?? typedIn(root, form), store);
    }
  };
  // Capture: the switch's own handler (an in-app move) must not get there first.
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
