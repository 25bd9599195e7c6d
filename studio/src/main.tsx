import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { studioApi } from './api/studioApi.ts';
import {
  closePartner,
  forgetDraft,
  hasEdits,
  loadDraft,
  openPartnerId,
  rememberOpen,
  storeDraft,
  type StoredDraft,
} from './editor/draftStore.ts';
import { Editor } from './editor/Editor.tsx';
import { describeChanges, draftChanges } from './review/changeList.ts';
import { DraftQuestion, type DraftChoice } from './start/DraftQuestion.tsx';
import { StartScreen } from './start/StartScreen.tsx';
import type { PartnerDraft } from './schema/partnerTypes.ts';
import '../../src/styles/global.css';
import './studio.css';
import './shell.css';

interface Asking extends DraftChoice {
  /** The partner as starting over makes it. */
  startOver: () => Promise<StoredDraft>;
}

const message = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

/** The partner as saved on disk, with no edits. */
async function fromDisk(id: string): Promise<StoredDraft> {
  const file = await studioApi.read(id);
  const data = JSON.parse(file.text) as PartnerDraft;
  return { id, data, original: data, baseHash: file.hash, updatedAt: new Date().toISOString() };
}

/** The template's name in words, as the review and the draft question say it. */
const templateWords = (template: string) =>
  template === 'demo' ? 'the demo partner' : 'the default page';

const newPartner = (id: string, data: PartnerDraft, template: string): StoredDraft => ({
  id,
  data,
  original: null,
  startedFrom: { template: templateWords(template), data },
  baseHash: null,
  updatedAt: new Date().toISOString(),
});

/**
 * The Partner Studio: pick or create a partner, then edit it. Drafts are kept per partner in the
 * browser (editor/draftStore.ts); opening or creating a partner that has one asks whether to
 * continue it or start over. The partner open in a tab stays open over a reload.
 */
function Studio() {
  const [session, setSession] = useState<StoredDraft | undefined>(() => {
    const id = openPartnerId();
    return id ? loadDraft(id) : undefined;
  });
  const [asking, setAsking] = useState<Asking>();
  const [error, setError] = useState<string>();

  const begin = (draft: StoredDraft) => {
    // A partner opened without edits is kept in the browser from its first edit on; a kept draft
    // without edits (from before drafts were forgotten once back to the file) holds nothing.
    const before = loadDraft(draft.id);
    if (before && !hasEdits(before)) forgetDraft(draft.id);
    const kept = hasEdits(draft) ? storeDraft(draft) : draft;
    rememberOpen(draft.id);
    setAsking(undefined);
    setSession(kept);
  };

  // Reloaded with a partner open whose draft had no edits left: open it from disk again.
  const reopen = session ? undefined : openPartnerId();
  useEffect(() => {
    if (!reopen) return;
    fromDisk(reopen).then(begin, () => closePartner());
  }, [reopen]);

  const open = async (id: string, { ask = true } = {}) => {
    setError(undefined);
    const kept = loadDraft(id);
    if (kept && hasEdits(kept) && !ask) return begin(kept);
    if (kept && hasEdits(kept)) {
      return setAsking({
        draft: kept,
        lost: draftChanges(kept, kept.data),
        from: `the saved file partners/${id}.json`,
        startOver: () => fromDisk(id),
      });
    }
    try {
      begin(await fromDisk(id));
    } catch (failure) {
      setError(message(failure));
    }
  };

  const create = (id: string, data: PartnerDraft, template: string) => {
    const kept = loadDraft(id);
    const lost = kept ? describeChanges(data, kept.data) : [];
    if (!kept || lost.length === 0) return begin(newPartner(id, data, template));
    setAsking({
      draft: kept,
      lost,
      from: templateWords(template),
      startOver: () => Promise.resolve(newPartner(id, data, template)),
    });
  };

  if (session) {
    return (
      <Editor
        key={session.id}
        initial={session}
        onClose={() => {
          closePartner();
          setSession(undefined);
        }}
      />
    );
  }
  return (
    <>
      {error && (
        <p className="studio-notice studio-notice-error" role="alert">
          {error}
        </p>
      )}
      <StartScreen
        onOpen={(id) => void open(id)}
        onContinue={(id) => void open(id, { ask: false })}
        onCreate={create}
      />
      {asking && (
        <DraftQuestion
          choice={asking}
          onContinue={() => begin(asking.draft)}
          onStartOver={() => {
            asking.startOver().then(
              (fresh) => {
                forgetDraft(fresh.id);
                begin(fresh);
              },
              (failure: unknown) => {
                setAsking(undefined);
                setError(message(failure));
              },
            );
          }}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('studio/index.html needs a #root element');
createRoot(root).render(
  <StrictMode>
    <Studio />
  </StrictMode>,
);
