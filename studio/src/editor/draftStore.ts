import type { PartnerDraft } from '../schema/partnerTypes.ts';

/**
 * Unsaved edits live in localStorage, one entry per partner id, written on every change, so a
 * reload, a crash or a closed tab never loses them. A draft remembers the hash of the file it
 * started from (null for a new partner), so a save can tell whether the file changed on disk
 * meanwhile.
 *
 * Two tabs may edit the same partner. Each write carries a fresh `stamp`, and an editor writes
 * only over the entry it last read or wrote (compare and set): when another tab wrote in between,
 * the write is refused and the editor is told whose draft is there, so the newer write never
 * silently replaces the other tab's work.
 */
export interface StoredDraft {
  id: string;
  data: PartnerDraft;
  baseHash: string | null;
  /** The file's content when it was opened (null for a new partner), to tell edits from none. */
  original: PartnerDraft | null;
  /**
   * A new partner's first draft, as the template made it (the template's pages under the new id),
   * so the review lists the changes made since as changes from that page.
   */
  startedFrom?: StartedFrom;
  updatedAt: string;
  /** Unique to each write (absent in drafts kept before stamps). */
  stamp?: string;
}

export interface StartedFrom {
  /** The template's words: "the demo partner", "the default page". */
  template: string;
  data: PartnerDraft;
}

/** The part of the Web Storage API the store uses (tests pass an in-memory one). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const prefix = 'partner-studio:draft:';
export const draftKey = (id: string) => `${prefix}${id}`;
const local = (): DraftStorage => localStorage;

/** The draft's own text, parsed; undefined when absent or not a draft. */
export function parseDraft(text: string | null): StoredDraft | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<StoredDraft> | null;
    return value && typeof value.id === 'string' && typeof value.data === 'object'
      ? (value as StoredDraft)
      : undefined;
  } catch {
    return undefined;
  }
}

export function loadDraft(id: string, storage = local()): StoredDraft | undefined {
  return parseDraft(storage.getItem(draftKey(id)));
}

const newStamp = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Writes the draft whatever is kept for its partner (a new session, or the person chose it). */
export function storeDraft(draft: StoredDraft, storage = local()): StoredDraft {
  const written = { ...draft, stamp: newStamp() };
  storage.setItem(draftKey(draft.id), JSON.stringify(written));
  return written;
}

export type WriteResult = { written: StoredDraft } | { theirs: StoredDraft };

/**
 * Writes the draft only if the kept one is still the one this editor last saw (`seen`, its
 * stamp): otherwise another tab wrote since, and its draft comes back instead, unwritten over.
 * An entry removed meanwhile (saved or discarded elsewhere) holds nothing to lose.
 */
export function writeDraft(
  draft: StoredDraft,
  seen: string | undefined,
  storage = local(),
): WriteResult {
  const kept = loadDraft(draft.id, storage);
  if (kept && kept.stamp !== seen) return { theirs: kept };
  return { written: storeDraft(draft, storage) };
}

export function forgetDraft(id: string, storage = local()): void {
  storage.removeItem(draftKey(id));
}

/** Whether the draft holds anything a save would write: any edit, or a partner never saved. */
export function hasEdits(draft: StoredDraft): boolean {
  return draft.original === null || JSON.stringify(draft.data) !== JSON.stringify(draft.original);
}

/** The drafts with edits, the newest first (the start screen lists them). */
export function listDrafts(storage = local()): StoredDraft[] {
  const drafts: StoredDraft[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const draft = parseDraft(storage.getItem(key));
    if (draft && hasEdits(draft)) drafts.push(draft);
  }
  return drafts.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

// The partner open in this tab (sessionStorage: each tab its own, kept over a reload).
const openKey = 'partner-studio:open';

export function openPartnerId(): string | undefined {
  return sessionStorage.getItem(openKey) ?? undefined;
}

export function rememberOpen(id: string): void {
  sessionStorage.setItem(openKey, id);
}

export function closePartner(): void {
  sessionStorage.removeItem(openKey);
}

/**
 * When a draft was last edited, in words: "today at 10:32 AM", "yesterday at 4:05 PM",
 * "November 20 at 9:15 AM" (with the year when not this year).
 */
export function editedWords(iso: string, now = new Date(), locale?: string, timeZone?: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'at an unknown time';
  const day = (moment: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(moment);
  const time = new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(date);
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if (day(date) === day(now)) return `today at ${time}`;
  if (day(date) === day(yesterday)) return `yesterday at ${time}`;
  const sameYear = day(date).slice(0, 4) === day(now).slice(0, 4);
  const dayWords = new Intl.DateTimeFormat(locale, {
    timeZone,
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
  return `${dayWords} at ${time}`;
}
