import { describe, expect, it } from 'vitest';
import { discardedNotice, discardWarning } from './stagedWords.ts';

describe('what discarding says about pictures not saved yet', () => {
  it('names one or several, and whether Undo brings them back', () => {
    expect(discardWarning(0, true)).toBe('');
    expect(discardWarning(1, false)).toBe('The picture uploaded since the last save is deleted.');
    expect(discardWarning(3, true)).toBe(
      'The 3 pictures uploaded since the last save are deleted; Undo does not bring them back.',
    );
    expect(discardedNotice(0)).toBe('Undo brings them back.');
    expect(discardedNotice(1)).toBe(
      'The picture uploaded since the last save is deleted. Undo brings your edits back, not that picture.',
    );
  });
});
