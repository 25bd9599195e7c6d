import { changedPointers } from '../diff/pointers.ts';
import type { JsonObject } from '../schema/schema.ts';

/**
 * The draft's undo history, as snapshots of the whole partner (the edits are immutable, so a
 * snapshot shares every untouched part with its neighbours and costs little). Edits of the same
 * places less than `typingPause` apart are one step, so typing a title is undone at once; at most
 * `historyLimit` steps are kept; a new edit drops what could be redone.
 */
export const historyLimit = 100;
export const typingPause = 250;

export interface DraftHistory<T extends JsonObject = JsonObject> {
  past: T[];
  present: T;
  future: T[];
  /** The last edit: when, and the places it changed (to join the next one to it). */
  last?: { at: number; places: string };
}

export const startHistory = <T extends JsonObject>(present: T): DraftHistory<T> => ({
  past: [],
  present,
  future: [],
});

/**
 * The history after an edit to `next` at time `now` (ms), or unchanged when nothing changed. A
 * step `now` undefined (discard, a merge) stands alone: nothing joins it.
 */
export function record<T extends JsonObject>(
  history: DraftHistory<T>,
  next: T,
  now: number | undefined,
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
  if (sameStep) return { ...history, present: next, future: [], last };
  return {
    past: [...history.past, history.present].slice(-historyLimit),
    present: next,
    future: [],
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
  };
}

export function redo<T extends JsonObject>(history: DraftHistory<T>): DraftHistory<T> {
  const [next, ...future] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future };
}
