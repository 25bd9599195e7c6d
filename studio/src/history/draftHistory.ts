import { changedPointers } from '../diff/pointers.ts';
import type { JsonObject } from '../schema/schema.ts';

/**
 * The draft's undo history, as snapshots of the whole partner (the edits are immutable, so a
 * snapshot shares every untouched part with its neighbours and costs little). Edits of the same
 * places less than `typingPause` apart are one step, so typing a title is undone at once; at most
 * `historyLimit` steps are kept; a new edit drops what could be redone.
 */
export const historyLimit = 100;
/**
 * A pause in typing that ends a step (ms). A second, not Puck's 250 ms: at 300 ms a key (a
 * careful typist) a shorter pause made each letter a step of its own (issue 36, item 11).
 */
export const typingPause = 1000;

export interface DraftHistory<T extends JsonObject = JsonObject> {
  past: T[];
  present: T;
  future: T[];
  /**
   * What each step was called ("move FAQ (faq) up"), beside the snapshots: `done[i]` led from
   * `past[i]` to the next snapshot (the last one is what Undo takes back), `undone[i]` to
   * `future[i]` (the first one is what Redo does again).
   */
  done: string[];
  undone: string[];
  /** The last edit: when, and the places it changed (to join the next one to it). */
  last?: { at: number; places: string };
}

export const startHistory = <T extends JsonObject>(present: T): DraftHistory<T> => ({
  past: [],
  present,
  future: [],
  done: [],
  undone: [],
});

/** A step recorded with no name of its own. */
export const unnamedStep = 'a change';

/**
 * The history after an edit to `next` at time `now` (ms) called `label`, or unchanged when nothing
 * changed. A step `now` undefined (discard, a merge, a move of blocks) stands alone: nothing
 * joins it. A step joined to the last one (typing) keeps the name that one started with.
 */
export function record<T extends JsonObject>(
  history: DraftHistory<T>,
  next: T,
  now: number | undefined,
  label: string = unnamedStep,
): DraftHistory<T> {
  const places = changedPointers(history.present, next).join('\n');
  if (places === '') return history;
  const last = now === undefined ? undefined : { at: now, places };
  const sameStep =
    last !== undefined &&
    history.past.length > 0 &&
    history.last !== undefined &&
    history.last.places === places &&
    last.at - history.last.at < typingPause;
  if (sameStep) {
    return {
      ...history,
      present: next,
      future: [],
      undone: [],
      done: history.done,
      last,
    };
  }
  return {
    past: [...history.past, history.present].slice(-historyLimit),
    present: next,
    future: [],
    done: [...history.done, label].slice(-historyLimit),
    undone: [],
    ...(last ? { last } : {}),
  };
}

export function undo<T extends JsonObject>(history: DraftHistory<T>): DraftHistory<T> {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    done: history.done.slice(0, -1),
    undone: [history.done.at(-1) ?? unnamedStep, ...history.undone],
  };
}

export function redo<T extends JsonObject>(history: DraftHistory<T>): DraftHistory<T> {
  const [next, ...future] = history.future;
  if (!next) return history;
  const [label = unnamedStep, ...undone] = history.undone;
  return {
    past: [...history.past, history.present],
    present: next,
    future,
    done: [...history.done, label],
    undone,
  };
}

/** What Undo would take back and Redo do again, by name; undefined when there is nothing. */
export const undoLabel = (history: DraftHistory<JsonObject>) =>
  history.past.length > 0 ? (history.done.at(-1) ?? unnamedStep) : undefined;
export const redoLabel = (history: DraftHistory<JsonObject>) =>
  history.future.length > 0 ? (history.undone[0] ?? unnamedStep) : undefined;
