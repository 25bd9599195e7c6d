import { describe, expect, it } from 'vitest';
import {
  homeProfileFormSchemas,
  homeProfileMessages,
  initialHomeProfile,
  toHomeProfile,
  validateHomeProfile,
} from './homeProfileForm.ts';

const valid = { describeHome: 'resident', streetAddressLine1: "Mom's house", postalCode: '02134' };

describe('validateHomeProfile (spec §5)', () => {
  it('gives the three messages word for word for an empty form', () => {
    expect(validateHomeProfile({})).toEqual({
      describeHome: 'Please select one of the options.',
      streetAddressLine1: 'Please enter a name for this Home Scan.',
      postalCode: 'Please enter a zip code.',
    });
    expect(homeProfileMessages).toEqual({
      describeHome: 'Please select one of the options.',
      streetAddressLine1: 'Please enter a name for this Home Scan.',
      postalCode: 'Please enter a zip code.',
    });
  });

  it('accepts a complete profile; numFloors and ownTheHome are optional', () => {
    expect(validateHomeProfile(valid)).toEqual({});
    expect(validateHomeProfile({ ...valid, ownTheHome: 'na', numFloors: '4+' })).toEqual({});
  });

  it('treats whitespace as empty', () => {
    expect(
      validateHomeProfile({ describeHome: ' ', streetAddressLine1: '   ', postalCode: ' ' }),
    ).toEqual({
      describeHome: 'Please select one of the options.',
      streetAddressLine1: 'Please enter a name for this Home Scan.',
      postalCode: 'Please enter a zip code.',
    });
  });

  it('accepts only the describeHome options', () => {
    for (const option of ['resident', 'caregiver', 'helper', 'professional']) {
      expect(validateHomeProfile({ ...valid, describeHome: option })).toEqual({});
    }
    expect(validateHomeProfile({ ...valid, describeHome: 'landlord' })).toEqual({
      describeHome: 'Please select one of the options.',
    });
  });

  it.each(['1234', '123456', 'abcde', '1234a', '12 34'])(
    'says "Enter a valid 5-digit zip code" for %j',
    (postalCode) => {
      expect(validateHomeProfile({ ...valid, postalCode })).toEqual({
        postalCode: 'Enter a valid 5-digit zip code',
      });
    },
  );

  it('accepts a 5-digit zip with spaces around it', () => {
    expect(validateHomeProfile({ ...valid, postalCode: ' 02134 ' })).toEqual({});
  });
});

describe('toHomeProfile', () => {
  it('trims the fields and maps ownTheHome Yes / No / N/A to true / false / ""', () => {
    expect(
      toHomeProfile({
        describeHome: ' caregiver ',
        streetAddressLine1: '  Lake cabin ',
        postalCode: ' 55401 ',
        ownTheHome: 'yes',
        numFloors: '2',
      }),
    ).toEqual({
      describeHome: 'caregiver',
      streetAddressLine1: 'Lake cabin',
      postalCode: '55401',
      ownTheHome: true,
      numFloors: '2',
    });
    expect(toHomeProfile({ ...valid, ownTheHome: 'no' }).ownTheHome).toBe(false);
    expect(toHomeProfile({ ...valid, ownTheHome: 'na' }).ownTheHome).toBe('');
  });

  it('leaves out unanswered or unknown optional answers', () => {
    const profile = toHomeProfile({ ...valid, ownTheHome: 'maybe', numFloors: '5' });
    expect(profile).toEqual(valid);
    expect(profile).not.toHaveProperty('ownTheHome');
    expect(profile).not.toHaveProperty('numFloors');
    expect(toHomeProfile(valid)).toEqual(valid);
  });

  it('keeps every floors option (1, 2, 3, 4+)', () => {
    for (const floors of ['1', '2', '3', '4+']) {
      expect(toHomeProfile({ ...valid, numFloors: floors }).numFloors).toBe(floors);
    }
  });
});

describe('initialHomeProfile', () => {
  it('pre-fills describeHome with a saved option', () => {
    expect(initialHomeProfile({ describeHome: 'helper' })).toEqual({ describeHome: 'helper' });
  });

  it('starts empty without a saved answer, or with one that is no longer an option', () => {
    expect(initialHomeProfile({})).toEqual({});
    expect(initialHomeProfile({ describeHome: '' })).toEqual({});
    expect(initialHomeProfile({ describeHome: 'landlord' })).toEqual({});
  });

  it('pre-fills the zip code the visitor gave at signup, when it is a valid one', () => {
    expect(initialHomeProfile({ postalCode: '02134' })).toEqual({ postalCode: '02134' });
    expect(initialHomeProfile({ describeHome: 'resident', postalCode: ' 02134 ' })).toEqual({
      describeHome: 'resident',
      postalCode: '02134',
    });
    expect(initialHomeProfile({ postalCode: '0213' })).toEqual({});
    expect(initialHomeProfile({ postalCode: '' })).toEqual({});
  });
});

describe('homeProfileFormSchemas', () => {
  it('orders the fields and offers exactly the spec options', () => {
    const { schema, uiSchema } = homeProfileFormSchemas();
    expect(uiSchema['ui:order']).toEqual([
      'describeHome',
      'streetAddressLine1',
      'postalCode',
      'ownTheHome',
      'numFloors',
    ]);
    expect(schema.required).toEqual(['describeHome', 'streetAddressLine1', 'postalCode']);
    expect(schema.properties.numFloors.enum).toEqual(['1', '2', '3', '4+']);
    expect(schema.properties.ownTheHome.enum).toEqual(['yes', 'no', 'na']);
    expect(uiSchema.ownTheHome['ui:enumNames']).toEqual({ yes: 'Yes', no: 'No', na: 'N/A' });
  });
});
