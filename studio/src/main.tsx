import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { studioApi } from './api/studioApi.ts';
import {
  closePartner,
  loadDraft,
  openPartnerId,
  storeDraft,
  type StoredDraft,
} from './editor/draftStore.ts';
import { Editor } from './editor/Editor.tsx';
import { StartScreen } from './start/StartScreen.tsx';
import type { PartnerDraft } from './schema/partnerTypes.ts';
import '../../src/styles/global.css';
import './studio.css';

/**
 * The Partner Studio: pick or create a partner, then edit it. The partner being edited and its
 * unsaved draft survive a reload (localStorage).
 */
function Studio() {
  const [session, setSession] = useState<StoredDraft | undefined>(() => {
    const id = openPartnerId();
    return id ? loadDraft(id) : undefined;
  });
  const [error, setError] = useState<string>();

  const open = async (id: string) => {
    setError(undefined);
    const kept = loadDraft(id);
    if (kept) {
      storeDraft(kept);
      setSession(kept);
      return;
    }
    try {
      const file = await studioApi.read(id);
      const data = JSON.parse(file.text) as PartnerDraft;
      const draft: StoredDraft = {
        id,
        data,
        original: data,
        baseHash: file.hash,
        updatedAt: new Date().toISOString(),
      };
      storeDraft(draft);
      setSession(draft);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const create = (id: string, data: PartnerDraft) => {
    const draft: StoredDraft = {
      id,
      data,
      original: null,
      baseHash: null,
      updatedAt: new Date().toISOString(),
    };
    storeDraft(draft);
    setSession(draft);
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
      <StartScreen onOpen={open} onCreate={create} />
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
