import { describe, expect, it } from 'vitest';
import { move, blocksOf, withChanged, withBlocks } from '../blocks/blocks.ts';
import {
  draftReducer,
  effectsOf,
  movedWords,
  redoName,
  startDraft,
  stepNames,
  undoName,
  type DraftAction,
  type DraftState,
  type NamedEdit,
} from './draftActions.ts';

import { addVariant } from '../experiment/experiments.ts';
import { stopVariant } from '../experiment/ship.ts';
import { typingPause } from '../history/draftHistory.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { blocksInOrder } from '../../../tests/support/blocksFixture.ts';

/*
 * Issue 38, item 3: the studio's edits as named actions. The reducer records each with its name,
 * Undo and Redo say the step they would take back or do again, and one table says what each
 * action does to a prepared review.
 */
const opened = blocksInOrder();
const start = (): DraftState =>
  startDraft({
    id: 'acme',
    data: opened,
    baseHash: 'abc',
    original: opened,
    updatedAt: '2026-11-28T10:00:00.000Z',
  });

const at = Date.parse('2026-11-28T11:00:00Z');
const edit = (state: DraftState, next: PartnerDraft, named: NamedEdit, when = at) =>
  draftReducer(state, { type: 'edit', next, edit: named, at: when });
const undo = (state: DraftState) => draftReducer(state, { type: 'undo', at });
const redo = (state: DraftState) => draftReducer(state, { type: 'redo', at });
const ids = (state: DraftState) =>
  blocksOf(state.draft.data, 'landing').map((section) => section.id);

/** The page's blocks with the one at `from` moved to `to`. */
const moved = (partner: PartnerDraft, from: number, to: number) =>
  withBlocks(partner, 'landing', move(blocksOf(partner, 'landing'), from, to));
/** The first block of the page with a new title, its other settings kept. */
const retitled = (partner: PartnerDraft, title: string) => {
  const sections = blocksOf(partner, 'landing');
  const props = sections[0]?.props ?? {};
  return withBlocks(partner, 'landing', withChanged(sections, 0, { props: { ...props, title } }));
};

describe('named studio actions', () => {
  it('reads the labelled history after a few edits and undos', () => {
    let state = start();
    expect(undoName(state)).toBe('Undo');
    expect(redoName(state)).toBe('Redo');

    state = edit(state, moved(state.draft.data, 1, 0), {
      kind: 'move',
      label: 'move Testimonials (testimonials) up',
    });
    state = edit(state, addVariant(state.draft.data, 'landing', 'warm', 'overrides', 'seed-1'), {
      kind: 'add',
      label: 'add variant warm',
    });
    // Typing a title: three changes a moment apart are one step, under the name it began with.
    ['Hello', 'Hello t', 'Hello there'].forEach((title, n) => {
      state = edit(
        state,
        retitled(state.draft.data, title),
        { kind: 'change', label: 'change Testimonials (testimonials)' },
        at + n * (typingPause - 50),
      );
    });
    state = edit(state, stopVariant(state.draft.data, 'landing', 0, at), {
      kind: 'stop',
      label: 'stop variant warm',
    });
    expect(state.history.done).toEqual([
      'move Testimonials (testimonials) up',
      'add variant warm',
      'change Testimonials (testimonials)',
      'stop variant warm',
    ]);
    expect(undoName(state)).toBe('Undo: stop variant warm');

    state = undo(state);
    expect(state.moved).toMatchObject({ way: 'undo', label: 'stop variant warm', count: 1 });
    state = undo(state);
    expect(state.moved).toMatchObject({ label: 'change Testimonials (testimonials)', count: 2 });
    expect(undoName(state)).toBe('Undo: add variant warm');
    expect(redoName(state)).toBe('Redo: change Testimonials (testimonials)');
    expect(state.history.undone).toEqual([
      'change Testimonials (testimonials)',
      'stop variant warm',
    ]);

    state = redo(state);
    expect(state.moved).toMatchObject({ way: 'redo', label: 'change Testimonials (testimonials)' });
    expect(movedWords(must(state.moved))).toBe('Redone: change Testimonials (testimonials).');
    expect(redoName(state)).toBe('Redo: stop variant warm');

    // Back to the start: the page's order as opened, and nothing more to undo.
    state = undo(undo(undo(state)));
    expect(ids(state)).toEqual(ids(start()));
    expect(undoName(state)).toBe('Undo');
    expect(redoName(state)).toBe('Redo: move Testimonials (testimonials) up');
    expect(undo(state)).toBe(state);
  });

  it('keeps each press of a button a step of its own, even twice in a moment', () => {
    let state = start();
    state = edit(state, moved(state.draft.data, 3, 2), { kind: 'move', label: 'move Footer up' });
    state = edit(
      state,
      moved(state.draft.data, 2, 1),
      { kind: 'move', label: 'move Footer up' },
      at + 1,
    );
    expect(state.history.done).toEqual(['move Footer up', 'move Footer up']);
    expect(ids(undo(state))).toEqual(['hero', 'testimonials', 'footer', 'get-the-scan']);
  });

  it('names discarding, a saved file taken in and the other tab’s draft, and leaves an empty edit unrecorded', () => {
    let state = start();
    const same = edit(state, opened, { kind: 'change', label: 'change nothing' });
    expect(same).toBe(state);
    state = edit(state, moved(opened, 1, 0), { kind: 'move', label: 'move Testimonials up' });
    state = draftReducer(state, { type: 'discard' });
    expect(state.draft.data).toEqual(opened);
    expect(undoName(state)).toBe(`Undo: ${stepNames.discard}`);
    const theirs = { ...state.draft, data: retitled(opened, 'Theirs'), stamp: 'other' };
    state = draftReducer(state, { type: 'takeOtherTab', theirs });
    expect(state.draft).toBe(theirs);
    expect(undoName(state)).toBe(`Undo: ${stepNames.takeOtherTab}`);
    const saved = retitled(opened, 'Saved');
    state = draftReducer(state, {
      type: 'rebase',
      base: { original: saved, baseHash: 'def', data: saved },
    });
    expect(state.draft).toMatchObject({ original: saved, baseHash: 'def', data: saved });
    expect(undoName(state)).toBe(`Undo: ${stepNames.rebase}`);
  });

  it('names a form’s change by the one field it touched, and keeps the panel’s name for several', () => {
    let state = start();
    const hero = { kind: 'change', label: 'change Hero (hero)', byField: { of: 'Hero (hero)' } };
    state = edit(state, retitled(state.draft.data, 'Hello'), hero as NamedEdit);
    expect(undoName(state)).toBe('Undo: change the title of Hero (hero)');

    // An entry of a list: its field, then which entry (the list's own name for one).
    const bullets = (partner: PartnerDraft, text: string) =>
      withBlocks(
        partner,
        'landing',
        withChanged(blocksOf(partner, 'landing'), 2, {
          props: { title: 'Get it', bullets: [text] },
        }),
      );
    const scan: NamedEdit = {
      kind: 'change',
      label: 'change Get the scan (get-the-scan)',
      byField: { of: 'Get the scan (get-the-scan)' },
    };
    state = edit(state, bullets(state.draft.data, 'Fast'), scan, at + 5 * typingPause);
    expect(undoName(state)).toBe('Undo: change the benefits of Get the scan (get-the-scan)');
    state = edit(state, bullets(state.draft.data, 'Faster'), scan, at + 6 * typingPause + 1);
    expect(undoName(state)).toBe('Undo: change the benefit 1 of Get the scan (get-the-scan)');

    // The partner's settings: no owner to name.
    const settings: NamedEdit = {
      kind: 'change',
      label: 'change the partner settings',
      byField: {},
    };
    const tinted = { ...state.draft.data, theme: { tintColor: '#DDDDDD' } } as PartnerDraft;
    state = edit(state, tinted, settings, at + 8 * typingPause);
    expect(undoName(state)).toBe('Undo: change the tint color');

    // Two fields at once, and an edit that is not a form's: the names the panels gave.
    const both = {
      ...retitled(state.draft.data, 'Both'),
      theme: { tintColor: '#CCCCCC' },
    } as PartnerDraft;
    state = edit(state, both, settings, at + 10 * typingPause);
    expect(undoName(state)).toBe('Undo: change the partner settings');
    state = edit(state, moved(state.draft.data, 1, 0), { kind: 'move', label: 'move it up' });
    expect(undoName(state)).toBe('Undo: move it up');
  });

  it('joins typing in one field into one step, and a pause of a typing pause makes a new one', () => {
    let state = start();
    const hero: NamedEdit = {
      kind: 'change',
      label: 'change Hero (hero)',
      byField: { of: 'Hero (hero)' },
    };
    // A careful typist: a key every 400 ms.
    ['S', 'Sa', 'Saf', 'Safe'].forEach((title, n) => {
      state = edit(state, retitled(state.draft.data, title), hero, at + n * 400);
    });
    state = edit(state, retitled(state.draft.data, 'Safe home'), hero, at + 3 * 400 + typingPause);
    expect(state.history.done).toEqual([
      'change the title of Hero (hero)',
      'change the title of Hero (hero)',
    ]);
    expect(blocksOf(undo(state).draft.data, 'landing')[0]?.props).toEqual({ title: 'Safe' });
    expect(blocksOf(undo(undo(state)).draft.data, 'landing')[0]?.props).toEqual({ title: 'Hi' });
  });

  it('decides in one place what each action does to a prepared review and the notices', () => {
    const actions: DraftAction[] = [
      { type: 'edit', next: opened, edit: { kind: 'change', label: 'x' }, at },
      { type: 'undo', at },
      { type: 'redo', at },
      { type: 'discard' },
      { type: 'takeOtherTab', theirs: start().draft },
      { type: 'rebase', base: { original: opened, baseHash: 'abc', data: opened } },
    ];
    expect(actions.map((action) => [action.type, effectsOf(action)])).toEqual([
      ['edit', { closesReview: true, clearsNotices: true }],
      ['undo', { closesReview: true, clearsNotices: true }],
      ['redo', { closesReview: true, clearsNotices: true }],
      ['discard', { closesReview: true, clearsNotices: false }],
      ['takeOtherTab', { closesReview: true, clearsNotices: false }],
      ['rebase', { closesReview: false, clearsNotices: false }],
    ]);
  });
});

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}
