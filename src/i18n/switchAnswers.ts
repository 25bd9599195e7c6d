import { languageSwitchAttribute } from './languages.ts';

/**
 * What a visitor typed goes with them through the language switch (issue 37). On a journey step
 * the switch moves within the app and the step's forms stay as they are; on the landing and
 * campaign pages it loads the other language's prerendered page, so a form there hands its
 * answers over, for that page's same form (by its id prefix), in the tab's session storage:
 * written when the switch is followed, read once and removed when the form starts there.
 */

type Answers = Record<string, string>;
type Store = () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface Handover {
  /** The address the answers are for: the page in the other language. */
  to: string;
  at: number;
  answers: Answers;
}

const keyOf = (form: string) => `homesafe.switchAnswers.${form}`;
/** Answers older than this are not filled in (a page left and opened much later). */
const keptMs = 10 * 60_000;
const samePath = (path: string) => path.replace(/\/+$/, '') || '/';

const session: Store = () => window.sessionStorage;

/**
 * While a form is on the page: when the visitor follows a link of the language switch, its
 * non-empty answers (`answers()`, read at that moment) are kept for the page the link opens.
 * Returns what stops listening.
 */
export function carryOnSwitch(
  form: string,
  answers: () => Readonly<Record<string, string | undefined>>,
  store: Store = session,
): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest(`[${languageSwitchAttribute}] a[href]`);
    if (!(link instanceof HTMLAnchorElement)) return;
    const filled = Object.entries(answers()).filter(
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
  };
  // Capture: the switch's own handler (an in-app move) must not get there first.
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}

/** The answers handed to this form at this address, once (they are removed as they are read). */
export function takeCarried(
  form: string,
  pathname: string,
  store: Store = session,
  now = Date.now(),
): Answers | undefined {
  try {
    const text = store().getItem(keyOf(form));
    if (text === null) return undefined;
    store().removeItem(keyOf(form));
    const handover = JSON.parse(text) as Partial<Handover>;
    if (handover.to !== samePath(pathname) || typeof handover.at !== 'number') return undefined;
    if (now - handover.at > keptMs || now < handover.at) return undefined;
    const answers = Object.entries(handover.answers ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    return answers.length > 0 ? Object.fromEntries(answers) : undefined;
  } catch {
    return undefined;
  }
}
