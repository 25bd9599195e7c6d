import { useCallback, useState } from 'react';
import { record, redo, startHistory, undo, type DraftHistory } from '../history/draftHistory.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { forgetDraft, storeDraft, type StoredDraft } from './draftStore.ts';

/**
 * The one draft store: every edit of the session goes through `update`, which records it in the
 * undo history and keeps the draft in the browser (localStorage), so undo, redo and discard work
 * on the same data as the review.
 */
export interface Draft {
  draft: StoredDraft;
  update: (next: PartnerDraft) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  /** Back to the file as it was opened (itself a step that can be undone). */
  discard: () => void;
  /** The file on disk became the base (after a save, or a merge with someone's change). */
  rebase: (base: Base) => void;
}

type Base = { original: PartnerDraft; baseHash: string; data: PartnerDraft };
type History = DraftHistory<PartnerDraft>;

interface State {
  draft: StoredDraft;
  history: History;
}

const stored = (draft: StoredDraft, data: PartnerDraft): StoredDraft => {
  const next = { ...draft, data, updatedAt: new Date().toISOString() };
  storeDraft(next);
  return next;
};

export function useDraft(initial: StoredDraft): Draft {
  const [state, setState] = useState<State>(() => ({
    draft: initial,
    history: startHistory(initial.data),
  }));

  const move = useCallback((step: (history: History) => History) => {
    setState((current) => {
      const history = step(current.history);
      if (history === current.history) return current;
      return { history, draft: stored(current.draft, history.present) };
    });
  }, []);

  const update = useCallback(
    (next: PartnerDraft) => move((history) => record(history, next, Date.now())),
    [move],
  );

  const discard = useCallback(() => {
    setState((current) => {
      const original = current.draft.original;
      if (!original) return current;
      const history = record(current.history, original, undefined);
      // Nothing left to save: the browser forgets the draft until the next edit.
      forgetDraft(current.draft.id);
      return { history, draft: { ...current.draft, data: original } };
    });
  }, []);

  const rebase = useCallback(
    ({ original, baseHash, data }: Base) =>
      setState((current) => {
        const history = record(current.history, data, undefined);
        const draft = { ...current.draft, original, baseHash, data };
        if (JSON.stringify(data) === JSON.stringify(original)) forgetDraft(draft.id);
        else storeDraft(draft);
        return { history, draft };
      }),
    [],
  );

  return {
    draft: state.draft,
    update,
    undo: useCallback(() => move(undo), [move]),
    redo: useCallback(() => move(redo), [move]),
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0,
    discard,
    rebase,
  };
}
