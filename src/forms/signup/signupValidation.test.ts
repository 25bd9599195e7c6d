import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { fieldsToSchema } from './fieldsToSchema.ts';
import { createCustomValidate, createTransformErrors, errorFieldName } from './signupValidation.ts';
import type { SignupFormData } from './values.ts';
import { loadPartner } from '../../../tests/support/partners.ts';

const validator = customizeValidator<SignupFormData>();

function validate(partnerId: string, data: SignupFormData) {
  const { fields } = loadPartner(partnerId).form;
  const { schema } = fieldsToSchema(fields);
  return validator.validateFormData(
    data,
    schema,
    createCustomValidate(fields),
    createTransformErrors(fields),
  );
}

function messagesByField(partnerId: string, data: SignupFormData) {
  const { errors } = validate(partnerId, data);
  const byField: Record<string, string[]> = {};
  for (const error of errors) (byField[errorFieldName(error)] ??= []).push(error.message ?? '');
  return byField;
}

describe('rjsf validation wired to the spec messages', () => {
  it('replaces ajv’s required errors with exactly one spec message per field', () => {
    expect(messagesByField('cor-freedom', {})).toEqual({
      email: ['Email address is required'],
      describeHome: ['Which best describes you? is required'],
      zipCode: ['Zip code of the home is required'],
    });
  });

  it('replaces ajv’s enum error for an unknown select value', () => {
    expect(messagesByField('lowes', { email: 'a@b.co', describeHome: 'landlord' })).toEqual({
      describeHome: ['Which best describes you? is required'],
    });
  });

  it('reports format messages and the partner override', () => {
    expect(messagesByField('demo', { email: 'nope', zipCode: '12' })).toEqual({
      email: ['Enter a valid email'],
      zipCode: ['Enter a valid 5-digit zip code'],
    });
    expect(
      messagesByField('cor-freedom', {
        email: ' a@b.co ',
        describeHome: 'caregiver',
        zipCode: '12',
      }),
    ).toEqual({
      zipCode: ['Please enter the 5-digit ZIP code of the home being scanned'],
    });
  });

  it('puts the messages where rjsf shows them (the error schema)', () => {
    const { errorSchema } = validate('demo', { email: '   ' });
    expect(errorSchema.email?.__errors).toEqual(['Email address is required']);
    expect(errorSchema.zipCode?.__errors).toEqual(['Zip code of the home is required']);
  });

  it('passes valid data', () => {
    expect(
      validate('cor-freedom', {
        email: 'pat@example.com',
        describeHome: 'caregiver',
        zipCode: '02134',
      }).errors,
    ).toEqual([]);
  });

  it('reads field names from every rjsf property notation', () => {
    expect(errorFieldName({ property: '.email' })).toBe('email');
    expect(errorFieldName({ property: 'zipCode' })).toBe('zipCode');
    expect(errorFieldName({ property: "['describeHome']" })).toBe('describeHome');
    expect(errorFieldName({ property: '' })).toBe('');
  });
});
