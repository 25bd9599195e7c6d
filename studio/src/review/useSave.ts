import { useState } from 'react';
import {
  studioApi,
  StudioApiError,
  type PreparedSave,
  type RecordResponse,
  type SaveResponse,
} from '../api/studioApi.ts';
import type { Draft } from '../editor/useDraft.ts';
import { recordRequest, type RecordChoice } from '../history/RecordInGit.tsx';
import type { PartnerDraft } from '../schema/partnerTypes.ts';

export interface Notice {
  error: boolean;
  text: string;
  /** It says the file passes the check: not shown while the draft has problems (after an undo). */
  passed?: boolean;
}

/** A save as "What happens next" tells it: the file written, and what the review chose for git. */
export interface Saved extends SaveResponse {
  git: RecordChoice;
}

/**
 * Review and save: the server prepares the file as it would be written (formatted, checked, with
 * its change against the disk), the person confirms, the server writes it unless the file changed
 * on disk since the draft's base.
 */
export function useSave({ draft, rebase }: Pick<Draft, 'draft' | 'rebase'>) {
  const { id, data, baseHash } = draft;
  const [prepared, setPrepared] = useState<PreparedSave>();
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState(false);
  // The last save, for "What happens next" (signoff/NextSteps.tsx), until the next edit.
  const [saved, setSaved] = useState<Saved>();
  const failed = (error: unknown) =>
    setNotice({ error: true, text: error instanceof Error ? error.message : String(error) });

  const review = async () => {
    setBusy(true);
    setNotice(undefined);
    setSaved(undefined);
    try {
      setPrepared(await studioApi.prepare(id, data));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Writes the draft once git's check has answered (`choice`); when recording is on, the server
   * also commits it in git (history/RecordInGit).
   */
  const save = async (choice: Promise<RecordChoice>) => {
    setBusy(true);
    try {
      const git = await choice;
      const saved = await studioApi.save(id, data, baseHash, recordRequest(git));
      const original = JSON.parse(saved.text) as PartnerDraft;
      rebase({ original, baseHash: saved.hash, data: original });
      setPrepared(undefined);
      setSaved({ ...saved, git });
    } catch (error) {
      if (error instanceof StudioApiError && error.problems.length > 0) {
        setPrepared({ text: '', diff: [], problems: error.problems, diskHash: null });
      } else {
        setPrepared(undefined);
        failed(error);
      }
    } finally {
      setBusy(false);
    }
  };

  /** Records the saved file in git after a save that was not recorded. */
  const recordNow = async () => {
    if (!saved) return;
    let answer: RecordResponse;
    try {
      answer = await studioApi.record(saved.id, saved.git.message);
    } catch (error) {
      answer = { gitNote: error instanceof Error ? error.message : String(error) };
    }
    setSaved(
      (current) =>
        current && {
          ...current,
          commit: answer.commit,
          gitNote: answer.gitNote,
          gitUpToDate: answer.gitUpToDate,
        },
    );
  };

  const reloadFromDisk = async () => {
    const file = await studioApi.read(id);
    const original = JSON.parse(file.text) as PartnerDraft;
    rebase({ original, baseHash: file.hash, data: original });
    setNotice({ error: false, text: `Loaded partners/${id}.json as it is on disk now.` });
  };

  return {
    prepared,
    notice,
    busy,
    review,
    save,
    recordNow,
    reloadFromDisk,
    closeReview: () => setPrepared(undefined),
    saved,
    setSaved,
    setNotice,
    setBusy,
  };
}
