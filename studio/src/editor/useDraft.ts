import { useCallback, useEffect, useRef, useState } from 'react';
import {
  draftReducer,
  redoName,
  startDraft,
  undoName,
  type Base,
  type DraftAction,
  type DraftState,
  type Moved,
} from './draftActions.ts';
import {
  draftKey,
  forgetDraft,
  parseDraft,
  storeDraft,
  writeDraft,
  type StoredDraft,
} from './draftStore.ts';

/**
 * The one draft store: every change of the session is a named action (draftActions.ts) that the
 * reducer records in the undo history, and the draft is kept in the browser (localStorage), so
 * undo, redo and discard work on the same data as the review.
 */
export interface Draft {
  draft: StoredDraft;
  /**
   * Every change of the draft: an edit with its name ("move FAQ (faq) up"), undo, redo,
   * discard, rebase. Taking the other tab's draft goes through takeOtherTab.
   */
  dispatch: (action: DraftAction) => void;
  canUndo: boolean;
  canRedo: boolean;
  /** The buttons' names, with what they would do: "Undo: move FAQ (faq) up". */
  undoName: string;
  redoName: string;
  /** What the last undo or redo did: which way, its name, from which partner to which. */
  moved: Moved | undefined;
  /** The file on disk became the base (after a save, or a merge with someone's change). */
  rebase: (base: Base) => void;
  /**
   * Another tab or window wrote this partner's draft since this one last did: its draft, kept
   * as it is until the person chooses. Meanwhile this tab's edits stay in this tab only.
   */
  otherTab: StoredDraft | undefined;
  /** Make the other tab's draft this one's (an undoable step). */
  takeOtherTab: () => void;
  /** Keep this tab's draft in the browser, replacing the other tab's (which is told). */
  keepThisTab: () => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useDraft(initial: StoredDraft): Draft {
  const [state, setState] = useState<DraftState>(() => startDraft(initial));
  const [otherTab, setOtherTab] = useState<StoredDraft>();
  // The stamp of the kept draft this tab last read or wrote: it writes only over that one.
  const seen = useRef(initial.stamp);
  const blocked = useRef(false);
  const latest = useRef(state.draft);

  // Keeps the draft in the browser after each change of it (never inside a state updater, which
  // React may run twice).
  const kept = useRef(state.draft);
  useEffect(() => {
    const draft = state.draft;
    latest.current = draft;
    if (kept.current === draft || blocked.current) return;
    kept.current = draft;
    // A draft back to the file as opened holds nothing to keep.
    if (draft.original !== null && same(draft.data, draft.original)) {
      forgetDraft(draft.id);
      seen.current = undefined;
      return;
    }
    const result = writeDraft(draft, seen.current);
    if ('written' in result) seen.current = result.written.stamp;
    else {
      blocked.current = true;
      setOtherTab(result.theirs);
    }
  }, [state.draft]);

  // Another tab's write to the same draft: said at once, not only at this tab's next write.
  useEffect(() => {
    const key = draftKey(initial.id);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      const theirs = parseDraft(event.newValue);
      // Removed there (saved or discarded): nothing of theirs to keep.
      if (!theirs) {
        seen.current = undefined;
        return;
      }
      if (theirs.stamp === seen.current) return;
      // The same partner as here (both back to the file, say): nothing to choose between.
      if (same(theirs.data, latest.current.data) && theirs.baseHash === latest.current.baseHash) {
        seen.current = theirs.stamp;
        return;
      }
      blocked.current = true;
      setOtherTab(theirs);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [initial.id]);

  // While this tab's edits are not kept in the browser, leaving the page would lose them: the
  // browser asks first.
  useEffect(() => {
    if (!otherTab) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [otherTab]);

  const dispatch = useCallback(
    (action: DraftAction) => setState((current) => draftReducer(current, action)),
    [],
  );
  const rebase = useCallback((base: Base) => dispatch({ type: 'rebase', base }), [dispatch]);

  const takeOtherTab = useCallback(() => {
    if (!otherTab) return;
    seen.current = otherTab.stamp;
    kept.current = otherTab;
    blocked.current = false;
    setOtherTab(undefined);
    dispatch({ type: 'takeOtherTab', theirs: otherTab });
  }, [otherTab, dispatch]);

  const keepThisTab = useCallback(() => {
    blocked.current = false;
    setOtherTab(undefined);
    const written = storeDraft({ ...state.draft, updatedAt: new Date().toISOString() });
    seen.current = written.stamp;
    kept.current = state.draft;
  }, [state.draft]);

  return {
    draft: state.draft,
    dispatch,
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0,
    undoName: undoName(state),
    redoName: redoName(state),
    moved: state.moved,
    rebase,
    otherTab,
    takeOtherTab,
    keepThisTab,
  };
}
