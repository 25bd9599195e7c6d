import { describe, expect, it } from 'vitest';
import { changedPointers, valueAt, withValueAt } from '../diff/pointers.ts';
import { addVariant } from '../experiment/experiments.ts';
import { removePageBlock, setBlockOverride } from '../experiment/variantBlocks.ts';
import { historyLimit, record, redo, startHistory, typingPause, undo } from './draftHistory.ts';
import type { JsonObject } from '../schema/schema.ts';
import { blocksInOrder } from '../../../tests/support/blocksFixture.ts';

const titled = (title: string): JsonObject => ({ name: 'Acme', hero: { title } });

describe('the draft history', () => {
  it('joins typing in one field into one step, and undoes and redoes it', () => {
    let history = startHistory(titled(''));
    ['A', 'Ac', 'Acm', 'Acme'].forEach((title, index) => {
      history = record(history, titled(title), 1000 + index * (typingPause - 50));
    });
    expect(history.past).toEqual([titled('')]);
    history = undo(history);
    expect(history.present).toEqual(titled(''));
    history = redo(history);
    expect(history.present).toEqual(titled('Acme'));
  });

  it('keeps a pause, another field or a step that stands alone as steps of their own', () => {
    let history = startHistory(titled('A'));
    history = record(history, titled('B'), 0);
    history = record(history, titled('C'), typingPause + 1);
    history = record(history, { ...titled('C'), name: 'Acme homes' }, typingPause + 2);
    history = record(history, titled('A'), undefined);
    history = record(history, titled('D'), typingPause + 3);
    expect(history.past.map((step) => step.hero)).toEqual([
      { title: 'A' },
      { title: 'B' },
      { title: 'C' },
      { title: 'C' },
      { title: 'A' },
    ]);
  });

  it('ignores an edit that changes nothing, drops the redo tail on a new edit and keeps 100 steps', () => {
    let history = startHistory(titled('0'));
    expect(record(history, titled('0'), 5)).toBe(history);
    for (let step = 1; step <= historyLimit + 20; step++)
      history = record(history, titled(String(step)), step * 1000);
    expect(history.past).toHaveLength(historyLimit);
    history = undo(undo(history));
    expect(history.future).toHaveLength(2);
    history = record(history, titled('new'), 10 ** 6);
    expect(history.future).toEqual([]);
  });
});

describe('pointers', () => {
  it('names the smallest places that differ; a list that changed length differs whole', () => {
    const before = { a: { b: 1, c: [1, 2] }, d: 'x' };
    expect(changedPointers(before, { a: { b: 2, c: [1, 3] }, d: 'x' })).toEqual(['/a/b', '/a/c/1']);
    expect(changedPointers(before, { a: { b: 1, c: [1] }, e: 'y/z' })).toEqual([
      '/a/c',
      '/d',
      '/e',
    ]);
    expect(valueAt({ 'x/y': [0, { z: 1 }] }, '/x~1y/1/z')).toBe(1);
    expect(withValueAt({ a: { b: 1, c: 2 } }, '/a/b', undefined)).toEqual({ a: { c: 2 } });
    expect(withValueAt({ a: [1, 2] }, '/a/1', 3)).toEqual({ a: [1, 3] });
  });
});

describe('removing a page block', () => {
  it("also removes each variant's change of it, and names those variants", () => {
    let partner = addVariant(blocksInOrder(), 'landing', 'warm');
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { title: 'Warmer' });
    const { partner: next, variantsChanged } = removePageBlock(partner, 'landing', 0);
    expect(variantsChanged).toEqual(['warm']);
    expect(valueAt(next, '/pages/landing/sections/0/id')).toBe('testimonials');
    expect(valueAt(next, '/pages/landing/experiment/variants/0/overrides')).toBeUndefined();
    expect(removePageBlock(next, 'landing', 0).variantsChanged).toEqual([]);
  });
});
