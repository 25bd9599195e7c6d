import { describe, expect, it } from 'vitest';
import { visualTestArgs } from './visualTestArgs.ts';

const pattern = (args: string[]) => {
  const option = args.find((arg) => arg.startsWith('--testNamePattern='));
  return option === undefined ? undefined : new RegExp(option.slice('--testNamePattern='.length));
};

describe('visualTestArgs', () => {
  it('runs every story of the files when no story is named', () => {
    const args = visualTestArgs('/p', ['a.stories.tsx'], '/r.json', false);
    expect(pattern(args)).toBeUndefined();
    expect(args.slice(-1)).toEqual(['a.stories.tsx']);
  });

  it('runs exactly the named stories: not a story whose name only starts the same', () => {
    const matches = pattern(
      visualTestArgs('/p', ['a.stories.tsx'], '/r.json', false, ['Full Page', 'Claim Offer']),
    );
    expect(['Full Page', 'Claim Offer'].every((name) => matches?.test(name))).toBe(true);
    expect(['Full Page Es', 'Claim Offer Es', 'Hero'].some((name) => matches?.test(name))).toBe(
      false,
    );
  });

  it('takes a story name literally, not as a pattern', () => {
    const matches = pattern(visualTestArgs('/p', [], '/r.json', false, ['Step (1.5)']));
    expect(matches?.test('Step (1.5)')).toBe(true);
    expect(matches?.test('Step 1x5')).toBe(false);
  });
});
