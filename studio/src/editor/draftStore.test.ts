import { describe, expect, it } from 'vitest';
import {
  editedWords,
  forgetDraft,
  hasEdits,
  listDrafts,
  loadDraft,
  storeDraft,
  writeDraft,
  type DraftStorage,
  type StoredDraft,
} from './draftStore.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { blocksInOrder } from '../../../tests/support/blocksFixture.ts';

/** Web Storage in memory, as two tabs of one browser share it. */
function memoryStorage(): DraftStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

const saved: PartnerDraft = { ...blocksInOrder(), name: 'Acme' };
const draft = (name: string, updatedAt = '2026-11-28T09:00:00.000Z'): StoredDraft => ({
  id: 'acme',
  data: { ...saved, name },
  original: saved,
  baseHash: 'abc',
  updatedAt,
});

describe('the drafts kept in the browser', () => {
  it('writes over only the draft an editor last saw: a second tab is told, never written over', () => {
    const storage = memoryStorage();
    // Two tabs open the same draft.
    const opened = storeDraft(draft('Acme 1'), storage);
    let seenByA = opened.stamp;
    const seenByB = opened.stamp;

    const a = writeDraft(draft('Acme from A'), seenByA, storage);
    if (!('written' in a)) throw new Error('the first write should be written');
    seenByA = a.written.stamp;
    expect(loadDraft('acme', storage)?.data.name).toBe('Acme from A');

    // B last saw the opened draft: its write is refused and A's draft comes back to it.
    const b = writeDraft(draft('Acme from B'), seenByB, storage);
    expect('theirs' in b && b.theirs.data.name).toBe('Acme from A');
    expect(loadDraft('acme', storage)?.data.name).toBe('Acme from A');

    // A goes on writing; a draft removed meanwhile (saved elsewhere) holds nothing to lose.
    expect('written' in writeDraft(draft('Acme from A, 2'), seenByA, storage)).toBe(true);
    forgetDraft('acme', storage);
    expect('written' in writeDraft(draft('Acme from B, 2'), seenByB, storage)).toBe(true);
  });

  it('lists the drafts with edits, newest first; a new partner counts, an unedited one does not', () => {
    const storage = memoryStorage();
    storeDraft(draft('Acme 2', '2026-11-28T08:00:00.000Z'), storage);
    storeDraft({ ...draft('Bolt'), id: 'bolt', original: null, baseHash: null }, storage);
    storeDraft({ ...draft('Acme'), id: 'cato' }, storage);
    storage.setItem('partner-studio:draft:broken', '{ not json');
    storage.setItem('something-else', '{}');

    expect(listDrafts(storage).map((kept) => kept.id)).toEqual(['bolt', 'acme']);
    expect(hasEdits(draft('Acme'))).toBe(false);
    expect(hasEdits({ ...draft('Acme'), original: null })).toBe(true);
  });

  it('says when a draft was last edited in words', () => {
    const now = new Date('2026-11-28T15:00:00Z');
    const words = (iso: string) => editedWords(iso, now, 'en-US', 'UTC');
    expect(words('2026-11-28T09:05:00Z')).toBe('today at 9:05 AM');
    expect(words('2026-11-27T16:30:00Z')).toBe('yesterday at 4:30 PM');
    expect(words('2026-11-02T10:00:00Z')).toBe('November 2 at 10:00 AM');
    expect(words('2025-12-31T10:00:00Z')).toBe('December 31, 2025 at 10:00 AM');
    expect(words('not a date')).toBe('at an unknown time');
  });
});
