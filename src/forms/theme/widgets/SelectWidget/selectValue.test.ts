import { describe, expect, it } from 'vitest';
import { fromRadixValue, PLACEHOLDER_ITEM_VALUE, toRadixValue } from './selectValue.ts';

const values = ['resident', 'caregiver', 'helper', 'professional'];

describe('SelectWidget value mapping (Radix forbids Item value "")', () => {
  it('shows the placeholder ("") for no value, a reset, or a value that is not an option', () => {
    expect(toRadixValue(undefined, values)).toBe('');
    expect(toRadixValue('', values)).toBe('');
    expect(toRadixValue('landlord', values)).toBe('');
    expect(toRadixValue(null, values)).toBe('');
  });

  it('passes real option values through', () => {
    expect(toRadixValue('caregiver', values)).toBe('caregiver');
  });

  it('maps "" and the placeholder sentinel back to undefined for rjsf', () => {
    expect(fromRadixValue('')).toBeUndefined();
    expect(fromRadixValue(PLACEHOLDER_ITEM_VALUE)).toBeUndefined();
    expect(fromRadixValue('helper')).toBe('helper');
  });

  it('uses a sentinel that is not empty and cannot clash with a partner option value', () => {
    expect(PLACEHOLDER_ITEM_VALUE).not.toBe('');
    // Partner option values match ^[A-Za-z0-9_-]+$ (schemas/partner.schema.json); the sentinel does not.
    expect(/^[A-Za-z0-9_-]+$/.test(PLACEHOLDER_ITEM_VALUE)).toBe(false);
  });
});
