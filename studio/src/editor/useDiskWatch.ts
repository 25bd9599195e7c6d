import { useCallback, useEffect, useRef, useState } from 'react';
import { studioApi } from '../api/studioApi.ts';
import { valueAt, withValueAt } from '../diff/pointers.ts';
import { takeTheirs, threeWayMerge } from '../diff/merge.ts';
import { describeChanges } from '../review/changeList.ts';
import { isPartnerDraft } from '../schema/partnerDraft.ts';
import type { Json } from '../schema/schema.ts';
import type { Draft } from './useDraft.ts';

/** Someone else's change to the file on disk, as the editor tells it. */
export interface DiskChange {
  /** Their change, in plain words (from the version the draft started from). */
  theirs: string[];
  /** Places both changed, in plain words as they wrote them; empty when all merged. */
  conflicts: string[];
  /** For a conflict: keep my version, or take theirs, of the places both changed. */
  keepMine?: () => void;
  takeTheirs?: () => void;
}

/**
 * Watches the partner's file for a change someone else saved (a colleague, an editor, git): when
 * the partner opens and whenever the window regains focus. Their change to a part the draft left
 * alone merges into the draft (the draft keeps everything of mine); a change to the same part is
 * a conflict for the person to settle.
 */
export function useDiskWatch({ draft, rebase }: Pick<Draft, 'draft' | 'rebase'>) {
  const [change, setChange] = useState<DiskChange>();
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });

  const look = useCallback(async () => {
    const { id, baseHash, original } = latest.current;
    if (baseHash === null || original === null) return;
    const file = await studioApi.read(id).catch(() => undefined);
    // Read again before acting: the draft may have been saved or merged meanwhile.
    const current = latest.current;
    if (!file || file.hash === current.baseHash || current.original === null) return;
    const base = current.original;
    const theirs: Json = JSON.parse(file.text);
    // A file the studio cannot walk is not merged: the save's check names what is wrong with it.
    if (!isPartnerDraft(theirs)) return;
    const merged = threeWayMerge(base, current.data, theirs);
    const said = describeChanges(base, theirs);
    const settle = (data: Json) => {
      // Parts merged by pointer keep the file's shape; kept as mine should that ever fail.
      rebase({
        original: theirs,
        baseHash: file.hash,
        data: isPartnerDraft(data) ? data : current.data,
      });
      setChange({ theirs: said, conflicts: [] });
    };
    if (merged.conflicts.length === 0) {
      settle(merged.data);
      return;
    }
    setChange({
      theirs: said,
      conflicts: merged.conflicts.flatMap((place) => {
        const theirsThere = withValueAt(base, place, valueAt(theirs, place));
        return isPartnerDraft(theirsThere) ? describeChanges(base, theirsThere) : [];
      }),
      keepMine: () => settle(merged.data),
      takeTheirs: () => settle(takeTheirs(merged, theirs)),
    });
  }, [rebase]);

  useEffect(() => {
    void look();
    const onFocus = () => void look();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [look]);

  return { change, dismiss: () => setChange(undefined) };
}
