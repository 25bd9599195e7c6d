import { describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from './generated/partner.ts';
import {
  profileDescribeHome,
  profileDescribeHomeOptions,
  profileValueForOption,
} from './describeHomeMapping.ts';

const field = (options: FormFieldDefinition['options']): FormFieldDefinition[] => [
  { name: 'email', type: 'email', required: true },
  { name: 'describeHome', type: 'select', required: true, options },
];

describe('describeHome mapping between a partner and the home profile', () => {
  it("lists the home profile's answers from its schema", () => {
    expect(profileDescribeHomeOptions.map((option) => option.value)).toEqual([
      'resident',
      'caregiver',
      'helper',
      'professional',
    ]);
    expect(profileDescribeHomeOptions[0]?.label).toBe('I live in this home');
  });

  it('keeps a value the profile shares', () => {
    expect(profileValueForOption({ value: 'caregiver', label: 'Anything' })).toBe('caregiver');
  });

  it("maps a partner's own value by its label, ignoring case, spacing and curly apostrophes", () => {
    expect(profileValueForOption({ value: 'self', label: 'I live in this home' })).toBe('resident');
    expect(
      profileValueForOption({
        value: 'aide',
        label: '  i\u2019m helping someone   stay safe at home ',
      }),
    ).toBe('helper');
  });

  it('maps nothing it cannot match', () => {
    expect(profileValueForOption({ value: 'landlord', label: 'I rent the home out' })).toBe(
      undefined,
    );
  });

  it('turns the saved signup answer into the profile answer', () => {
    const fields = field([
      { value: 'self', label: 'I live in this home' },
      { value: 'family', label: 'Someone I care about lives here' },
      { value: 'landlord', label: 'I rent the home out' },
    ]);
    expect(profileDescribeHome(fields, 'self')).toBe('resident');
    expect(profileDescribeHome(fields, 'family')).toBe('caregiver');
    expect(profileDescribeHome(fields, 'landlord')).toBe(undefined);
    expect(profileDescribeHome(fields, undefined)).toBe(undefined);
    // Not one of this partner's options: passed on for the form to keep only a profile answer.
    expect(profileDescribeHome(fields, 'resident')).toBe('resident');
    expect(profileDescribeHome(field(undefined).slice(0, 1), 'caregiver')).toBe('caregiver');
  });
});
