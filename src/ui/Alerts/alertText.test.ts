import { describe, expect, it } from 'vitest';
import { alertText, defaultAlertText } from './alertText.ts';

describe('alertText (spec §8)', () => {
  it('has the default text of each type word for word', () => {
    expect(defaultAlertText).toEqual({
      SUCCESS: 'Operation completed successfully',
      INFO: 'There might be more information',
      WARNING: 'Warning',
      ERROR: 'There was an error, please try again later or contact support',
    });
  });

  it('shows the default text for a blank message', () => {
    for (const type of ['SUCCESS', 'INFO', 'WARNING', 'ERROR'] as const) {
      expect(alertText({ type, msg: '' })).toBe(defaultAlertText[type]);
      expect(alertText({ type, msg: ' \n\t ' })).toBe(defaultAlertText[type]);
    }
  });

  it('shows a given message, trimmed', () => {
    expect(alertText({ type: 'ERROR', msg: '400: Invalid email' })).toBe('400: Invalid email');
    expect(alertText({ type: 'SUCCESS', msg: '  Saved  ' })).toBe('Saved');
  });
});
