import { describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from '../../config/generated/partner.ts';
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_ZIP_MESSAGE,
  fieldLabel,
  isValidZip,
  requiredMessage,
  validateField,
  validateSignup,
} from './messages.ts';
import { isValidEmail } from '../../services/emailAddress.ts';
import { normalizeFieldValue, toSignupValues } from './values.ts';
import { fieldNamed, loadPartner } from '../../../tests/support/partners.ts';

const demo = loadPartner('demo');
const corFreedom = loadPartner('cor-freedom');
const lowes = loadPartner('lowes');

const email: FormFieldDefinition = {
  name: 'email',
  label: 'Email address',
  type: 'email',
  required: true,
};
const zip: FormFieldDefinition = {
  name: 'zipCode',
  label: 'Zip code of the home',
  type: 'zip',
  required: true,
};

describe('spec §5 messages, word for word', () => {
  it('has the exact email and zip messages', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Enter a valid email');
    expect(INVALID_ZIP_MESSAGE).toBe('Enter a valid 5-digit zip code');
  });

  it("says '{label or placeholder or name} is required'", () => {
    expect(
      requiredMessage({ name: 'email', label: 'Email address', placeholder: 'you@example.com' }),
    ).toBe('Email address is required');
    expect(requiredMessage({ name: 'email', placeholder: 'you@example.com' })).toBe(
      'you@example.com is required',
    );
    expect(requiredMessage({ name: 'email' })).toBe('email is required');
    expect(fieldLabel({ name: 'zipCode', placeholder: '5-digit zip code' })).toBe(
      '5-digit zip code',
    );
  });

  it('gives the required message for each required field of the real partner files', () => {
    expect(validateSignup(demo.form.fields, {})).toEqual({
      email: 'Email address is required',
      zipCode: 'Zip code of the home is required',
    });
    expect(validateSignup(corFreedom.form.fields, {})).toEqual({
      email: 'Email address is required',
      describeHome: 'Which best describes you? is required',
      zipCode: 'Zip code of the home is required',
    });
    expect(validateSignup(lowes.form.fields, {})).toEqual({
      email: 'Email address is required',
      describeHome: 'Which best describes you? is required',
    });
  });

  it('rejects invalid emails with "Enter a valid email"', () => {
    for (const value of [
      'plainaddress',
      'a@b',
      'a@b.c',
      'a b@example.com',
      'a@@example.com',
      'a@example..com',
      '@example.com',
      'a@.com',
    ]) {
      expect(validateField(email, value), value).toBe('Enter a valid email');
    }
  });

  it('accepts sensible emails', () => {
    for (const value of [
      'a@b.co',
      'first.last+tag@sub.example.co.uk',
      "o'neil@example.org",
      'x_y-z@example-site.com',
    ]) {
      expect(validateField(email, value), value).toBeUndefined();
      expect(isValidEmail(value)).toBe(true);
    }
  });

  it('rejects anything but exactly 5 digits with "Enter a valid 5-digit zip code"', () => {
    for (const value of [
      '1234',
      '123456',
      '12a45',
      '12 345',
      '12345-6789',
      'abcde',
      '１２３４５',
    ]) {
      expect(validateField(zip, value), value).toBe('Enter a valid 5-digit zip code');
    }
    expect(validateField(zip, '02134')).toBeUndefined();
    expect(isValidZip('90210')).toBe(true);
  });

  it('uses the demo partner defaults (it configures no custom messages)', () => {
    expect(validateField(fieldNamed(demo, 'email'), 'nope')).toBe('Enter a valid email');
    expect(validateField(fieldNamed(demo, 'zipCode'), '123')).toBe(
      'Enter a valid 5-digit zip code',
    );
  });

  it('lets a partner-configured zip message override the default (cor-freedom)', () => {
    const corZip = fieldNamed(corFreedom, 'zipCode');
    expect(corZip.validation?.message).toBeDefined();
    expect(validateField(corZip, '123')).toBe(
      'Please enter the 5-digit ZIP code of the home being scanned',
    );
    // The override replaces the format message only; "required" keeps the spec wording.
    expect(validateField(corZip, '')).toBe('Zip code of the home is required');
    expect(validateField(corZip, '12345')).toBeUndefined();
  });

  it('lets a partner-configured email message override the default', () => {
    const custom: FormFieldDefinition = {
      ...email,
      validation: { kind: 'email', message: 'That email looks wrong' },
    };
    expect(validateField(custom, 'nope')).toBe('That email looks wrong');
    const noMessage: FormFieldDefinition = { ...email, validation: { kind: 'email' } };
    expect(validateField(noMessage, 'nope')).toBe('Enter a valid email');
  });
});

describe('custom regex rules', () => {
  const member: FormFieldDefinition = {
    name: 'memberId',
    label: 'Member ID',
    type: 'zip',
    required: false,
    validation: { kind: 'regex', pattern: '[0-9]{5}', message: 'unused' },
  };
  const code: FormFieldDefinition = {
    name: 'code',
    label: 'Invite code',
    type: 'email',
    required: true,
    validation: {
      kind: 'regex',
      pattern: '[a-z]+@partner\\.example',
      message: 'Use your partner.example address',
    },
  };

  it('shows the rule’s own message when the whole answer does not match', () => {
    expect(validateField(code, 'someone@other.example')).toBe('Use your partner.example address');
    // Anchored: a matching substring is not enough.
    expect(validateField(code, 'x-abc@partner.example')).toBe('Use your partner.example address');
    expect(validateField(code, 'abc@partner.example')).toBeUndefined();
  });

  it('falls back to "{label} is not in the expected format"', () => {
    const noMessage: FormFieldDefinition = {
      ...code,
      validation: { kind: 'regex', pattern: '[a-z]+@partner\\.example' },
    };
    expect(validateField(noMessage, 'someone@other.example')).toBe(
      'Invite code is not in the expected format',
    );
  });

  it('gives exactly one message, in the order required, format, regex', () => {
    expect(validateField(code, '   ')).toBe('Invite code is required');
    expect(validateField(code, 'not an email')).toBe('Enter a valid email');
    expect(validateField(code, 'a@other.example')).toBe('Use your partner.example address');
  });

  it('skips format and regex rules for an empty optional field', () => {
    expect(validateField(member, '')).toBeUndefined();
    expect(validateField(member, '  ')).toBeUndefined();
    expect(validateField(member, '1234')).toBe('Enter a valid 5-digit zip code');
  });

  it('ignores a pattern that does not compile instead of blocking every visitor', () => {
    const broken: FormFieldDefinition = {
      ...code,
      validation: { kind: 'regex', pattern: '([a-z', message: 'x' },
    };
    expect(validateField(broken, 'a@b.co')).toBeUndefined();
  });
});

describe('trimming', () => {
  it('trims values before checking them', () => {
    expect(validateField(email, '  a@b.co  ')).toBeUndefined();
    expect(validateField(zip, ' 12345\t')).toBeUndefined();
  });

  it('counts whitespace-only as empty', () => {
    expect(validateField(email, '   ')).toBe('Email address is required');
    expect(validateField(zip, '\n\t ')).toBe('Zip code of the home is required');
  });

  it('treats non-strings and unknown select values as empty', () => {
    const describeHome = fieldNamed(corFreedom, 'describeHome');
    expect(normalizeFieldValue(describeHome, 'caregiver')).toBe('caregiver');
    expect(normalizeFieldValue(describeHome, 'landlord')).toBe('');
    expect(validateField(describeHome, 'landlord')).toBe('Which best describes you? is required');
    expect(validateField(email, 42)).toBe('Email address is required');
    expect(validateField(describeHome, ' caregiver ')).toBeUndefined();
  });

  it('submits trimmed values in field order, leaving out empty and unknown keys', () => {
    const values = toSignupValues(corFreedom.form.fields, {
      zipCode: ' 02134 ',
      email: '  pat@example.com ',
      describeHome: 'caregiver',
      extra: 'dropped',
    });
    expect(values).toEqual({
      email: 'pat@example.com',
      describeHome: 'caregiver',
      zipCode: '02134',
    });
    expect(Object.keys(values)).toEqual(['email', 'describeHome', 'zipCode']);
    expect(toSignupValues(demo.form.fields, { email: '   ' })).toEqual({});
  });
});
