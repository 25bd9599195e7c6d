import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * Unsaved edits live in localStorage, written on every change, so a reload, a crash or a closed tab
 * never loses them. A draft remembers the hash of the file it started from (null for a new
 * partner), so a save can tell whether the file changed on disk meanwhile.
 */
export interface StoredDraft {
  id: string;
  data: PartnerDraft;
  baseHash: string | null;
  /** The file's content when it was opened (null for a new partner), to tell edits from none. */
  original: PartnerDraft | null;
  updatedAt: string;
}

const draftKey = (id: string) => `partner-studio:draft:${id}`;
const openKey = 'partner-studio:open';

export function loadDraft(id: string): StoredDraft | undefined {
  try {
    const text = localStorage.getItem(draftKey(id));
    return text ? (JSON.parse(text) as StoredDraft) : undefined;
  } catch {
    return undefined;
  }
}

export function storeDraft(draft: StoredDraft): void {
  localStorage.setItem(draftKey(draft.id), JSON.stringify(draft));
  localStorage.setItem(openKey, draft.id);
}

export function forgetDraft(id: string): void {
  localStorage.removeItem(draftKey(id));
}

export function openPartnerId(): string | undefined {
  return localStorage.getItem(openKey) ?? undefined;
}

export function closePartner(): void {
  localStorage.removeItem(openKey);
}

/** Ids of partners with unsaved drafts (new partners among them). */
export function draftIds(): string[] {
  return Object.keys(localStorage)
    .filter((key) => key.startsWith('partner-studio:draft:'))
    .map((key) => key.slice('partner-studio:draft:'.length))
    .sort();
}
