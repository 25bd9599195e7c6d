import {
  keyOf,
  samePath,
  session,
  type Answers,
  type Handover,
  type Store,
} from './switchHandover.ts';

/**
 * What a visitor typed goes with them through the language switch (issue 37). On a journey step
 * the switch moves within the app and the step's forms stay as they are; on the landing and
 * campaign pages it loads the other language's prerendered page, so a form there hands its
 * answers over, for that page's same form (by its id prefix), in the tab's session storage:
 * written when the switch is followed, read once and removed when the form starts there.
 */

/** Answers older than this are not filled in (a page left and opened much later). */
const keptMs = 10 * 60_000;

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
