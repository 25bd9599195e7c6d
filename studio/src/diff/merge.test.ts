import { describe, expect, it } from 'vitest';
import { takeTheirs, threeWayMerge } from './merge.ts';
import type { JsonObject } from '../schema/schema.ts';

const base: JsonObject = {
  name: 'Acme',
  theme: { brandColor: '#111111', tintColor: '#EEEEEE' },
  pages: { landing: { sections: [{ id: 'hero', props: { title: 'Hi' } }] } },
};
const edit = (change: (copy: JsonObject) => void): JsonObject => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};

describe('merging a change made on disk into the draft', () => {
  it('takes their change to a part the draft left alone, keeping every edit of mine', () => {
    const mine = edit((copy) => (copy.name = 'Acme Homes'));
    const theirs = edit((copy) => ((copy.theme as JsonObject).brandColor = '#222222'));
    expect(threeWayMerge(base, mine, theirs)).toEqual({
      data: { ...mine, theme: { brandColor: '#222222', tintColor: '#EEEEEE' } },
      conflicts: [],
    });
  });

  it('names a part both changed differently as a conflict, and keeps mine until told', () => {
    const mine = edit((copy) => (copy.name = 'Mine'));
    const theirs = edit((copy) => {
      copy.name = 'Theirs';
      (copy.theme as JsonObject).tintColor = '#DDDDDD';
    });
    const merged = threeWayMerge(base, mine, theirs);
    expect(merged.conflicts).toEqual(['/name']);
    expect(merged.data.name).toBe('Mine');
    expect((merged.data.theme as JsonObject).tintColor).toBe('#DDDDDD');
    expect(takeTheirs(merged, theirs).name).toBe('Theirs');
  });

  it('sees the same change made on both sides as no conflict', () => {
    const both = edit((copy) => (copy.name = 'Same'));
    expect(threeWayMerge(base, both, both).conflicts).toEqual([]);
  });
});
