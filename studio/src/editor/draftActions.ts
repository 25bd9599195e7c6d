import {
  record,
  redo,
  redoLabel,
  startHistory,
  undo,
  undoLabel,
  type DraftHistory,
} from '../history/draftHistory.ts';
import { changedPointers } from '../diff/pointers.ts';
import { placeSteps, type Step } from '../places/placeWords.ts';
import { describeChanges } from '../review/changeList.ts';
import { lowerFirst } from '../schema/schema.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import type { StoredDraft } from './draftStore.ts';

/**
 * Every change of the draft as a named action, and the one reducer that decides what the undo
 * history records for each (after Puck's editor store): the panels say what a person did
 * ("move FAQ (faq) up"), the history keeps that name with the step, and Undo, Redo and the
 * screen reader say it back. `effectsOf` is the one place that says what an action does to the
 * review being prepared and the notices around it.
 */

/** What a person did to the draft, in the words of the panels' buttons. */
export type EditKind =
  'add' | 'duplicate' | 'move' | 'remove' | 'rename' | 'change' | 'restore' | 'ship' | 'stop';

/** An edit's kind and its name in the history: "move FAQ (faq) up", "stop variant b". */
export interface NamedEdit {
  kind: EditKind;
  label: string;
  /**
   * A form's change, to be named by the one field it touched when it touched one ("change the
   * title of Hero (hero)", "change the brand color"), the field being `of` a block, a page or a
   * variant; `label` names a change of several fields at once.
   */
  byField?: { of?: string };
}

/** How the panels hand an edit over: the partner after it, and what it was. */
export type OnEdit = (next: PartnerDraft, edit: NamedEdit) => void;

/** The file on disk became the base (after a save, or a merge with someone's change). */
export type Base = { original: PartnerDraft; baseHash: string; data: PartnerDraft };

export type DraftAction =
  | { type: 'edit'; next: PartnerDraft; edit: NamedEdit; at: number }
  | { type: 'undo'; at: number }
  | { type: 'redo'; at: number }
  /** Back to the file as it was opened (itself a step that can be undone). */
  | { type: 'discard' }
  | { type: 'rebase'; base: Base }
  /** Another tab's kept draft made this one's. */
  | { type: 'takeOtherTab'; theirs: StoredDraft };

/** What the last undo or redo did: which way, its name, and from which partner to which. */
export interface Moved {
  way: 'undo' | 'redo';
  label: string;
  from: PartnerDraft;
  to: PartnerDraft;
  /** Counts the moves, so two alike ones are still two announcements. */
  count: number;
}

export interface DraftState {
  draft: StoredDraft;
  history: DraftHistory<PartnerDraft>;
  moved?: Moved;
}

export const startDraft = (draft: StoredDraft): DraftState => ({
  draft,
  history: startHistory(draft.data),
});

/** The names of the whole-draft steps, as the history and Undo say them. */
export const stepNames = {
  discard: 'discard my changes',
  rebase: 'take in the file as saved',
  takeOtherTab: "take the other tab's draft",
} as const;

/**
 * Edits that join the step before them when they change the same places within a typing pause:
 * a form's field typed into. Everything else (adding, moving, removing, shipping...) is a step
 * of its own even when pressed twice in a row, so each Undo takes back one press.
 */
const joinsTyping = (edit: NamedEdit) => edit.kind === 'change';

/** The inner steps of a place, after its page, variant and block: the field and its list entry. */
function fieldWords(steps: readonly Step[]): string | undefined {
  const owner = steps.findLastIndex(({ kind }) => kind !== 'field' && kind !== 'entry');
  const inner = steps.slice(owner + 1);
  const fieldAt = inner.findLastIndex(({ kind }) => kind === 'field');
  const field = inner[fieldAt];
  const entry = inner
    .slice(0, fieldAt < 0 ? undefined : fieldAt)
    .findLast(({ kind }) => kind === 'entry');
  if (!field) return entry ? lowerFirst(entry.words) : undefined;
  return `${lowerFirst(field.words)}${entry ? ` of ${lowerFirst(entry.words)}` : ''}`;
}

/**
 * A form's change named by the one field it touched ("change the title of Hero (hero)", "change
 * the brand color"); a change of several fields at once keeps the panel's name.
 */
export function changeName(edit: NamedEdit, from: PartnerDraft, to: PartnerDraft): string {
  if (edit.kind !== 'change' || !edit.byField) return edit.label;
  const fields = new Set(
    changedPointers(from, to).map((pointer) => fieldWords(placeSteps(pointer, to))),
  );
  const [field] = fields;
  if (fields.size !== 1 || field === undefined) return edit.label;
  const { of } = edit.byField;
  return of === undefined ? `change the ${field}` : `change the ${field} of ${of}`;
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  const { draft, history } = state;
  switch (action.type) {
    case 'edit': {
      const at = joinsTyping(action.edit) ? action.at : undefined;
      const label = changeName(action.edit, history.present, action.next);
      const next = record(history, action.next, at, label);
      if (next === history) return state;
      return withHistory(state, next, new Date(action.at).toISOString());
    }
    case 'undo':
    case 'redo': {
      const label = (action.type === 'undo' ? undoLabel : redoLabel)(history);
      const next = (action.type === 'undo' ? undo : redo)(history);
      if (next === history || label === undefined) return state;
      const moved: Moved = {
        way: action.type,
        label,
        from: history.present,
        to: next.present,
        count: (state.moved?.count ?? 0) + 1,
      };
      return { ...withHistory(state, next, new Date(action.at).toISOString()), moved };
    }
    case 'discard': {
      const original = draft.original;
      if (!original) return state;
      const next = record(history, original, undefined, stepNames.discard);
      return { ...state, history: next, draft: { ...draft, data: original } };
    }
    case 'rebase': {
      const { original, baseHash, data } = action.base;
      const next = record(history, data, undefined, stepNames.rebase);
      return { ...state, history: next, draft: { ...draft, original, baseHash, data } };
    }
    case 'takeOtherTab': {
      const next = record(history, action.theirs.data, undefined, stepNames.takeOtherTab);
      return { ...state, history: next, draft: action.theirs };
    }
  }
}

function withHistory(
  state: DraftState,
  history: DraftHistory<PartnerDraft>,
  updatedAt: string,
): DraftState {
  return { ...state, history, draft: { ...state.draft, data: history.present, updatedAt } };
}

export interface ActionEffects {
  /** A review being prepared shows the draft as it was: it closes, to be opened again. */
  closesReview: boolean;
  /** The notices about the file just saved or discarded are old news. */
  clearsNotices: boolean;
}

/**
 * What an action does besides the draft. Edits, undo and redo make a prepared review stale and
 * the last save's notices old; a discard or another tab's draft closes the review and says its
 * own notice; a rebase is the save (or merge) itself, whose notices stand.
 */
export function effectsOf(action: DraftAction): ActionEffects {
  switch (action.type) {
    case 'edit':
    case 'undo':
    case 'redo':
      return { closesReview: true, clearsNotices: true };
    case 'discard':
    case 'takeOtherTab':
      return { closesReview: true, clearsNotices: false };
    case 'rebase':
      return { closesReview: false, clearsNotices: false };
  }
}

/** The Undo and Redo buttons' names: "Undo: move FAQ (faq) up", or plain when there is none. */
export const undoName = (state: DraftState) => withStep('Undo', undoLabel(state.history));
export const redoName = (state: DraftState) => withStep('Redo', redoLabel(state.history));
const withStep = (button: string, label: string | undefined) =>
  label === undefined ? button : `${button}: ${label}`;

/**
 * What an undo or redo did, said to a screen reader: "Undone: move FAQ (faq) up." A step that
 * changed more than one place (a block removed with a variant's change of it) then lists them.
 */
export function movedWords({ way, label, from, to }: Moved): string {
  // The step itself, in the direction it was first made.
  const changes = way === 'undo' ? describeChanges(to, from) : describeChanges(from, to);
  const shown = changes.slice(0, 2).join('; ');
  const more = changes.length > 2 ? `; and ${changes.length - 2} more changes` : '';
  const detail = changes.length > 1 ? ` ${shown}${more}.` : '';
  return `${way === 'undo' ? 'Undone' : 'Redone'}: ${label}.${detail}`;
}
