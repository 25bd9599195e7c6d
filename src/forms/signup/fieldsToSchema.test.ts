import { describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from '../../config/generated/partner.ts';
import { fieldsToSchema, ZIP_INPUT_PATTERN } from './fieldsToSchema.ts';
import { loadPartner, loadPartners } from '../../../tests/support/partners.ts';

const describeHomeLabels = {
  resident: 'I live in this home',
  caregiver: 'Someone I care about lives here',
  helper: "I'm helping someone stay safe at home",
  professional: "I'm a home safety professional",
};

describe('fieldsToSchema with the real partner files', () => {
  it('converts every partner file: one string property per field, in order, required ones listed', () => {
    const partners = loadPartners();
    expect(partners.map((partner) => partner.id)).toEqual(
      expect.arrayContaining(['cor-freedom', 'default', 'demo', 'lowes']),
    );
    for (const partner of partners) {
      const { schema, uiSchema } = fieldsToSchema(partner.form.fields);
      const names = partner.form.fields.map((field) => field.name);
      expect(schema.type).toBe('object');
      expect(Object.keys(schema.properties)).toEqual(names);
      expect(uiSchema['ui:order']).toEqual(names);
      expect(schema.required).toEqual(
        partner.form.fields.filter((field) => field.required).map((field) => field.name),
      );
      for (const field of partner.form.fields) {
        expect(schema.properties[field.name]?.type).toBe('string');
        expect(schema.properties[field.name]?.title).toBe(
          field.label ?? field.placeholder ?? field.name,
        );
      }
    }
  });

  it('demo: email and zipCode text inputs with the right types, keyboards and autocomplete', () => {
    const { schema, uiSchema } = fieldsToSchema(loadPartner('demo').form.fields);
    expect(schema).toEqual({
      type: 'object',
      required: ['email', 'zipCode'],
      properties: {
        email: { type: 'string', title: 'Email address' },
        zipCode: { type: 'string', title: 'Zip code of the home' },
      },
    });
    expect(uiSchema.email).toEqual({
      'ui:widget': 'TextWidget',
      'ui:placeholder': 'you@example.com',
      'ui:inputType': 'email',
      'ui:inputMode': 'email',
      'ui:autocomplete': 'email',
    });
    expect(uiSchema.zipCode).toEqual({
      'ui:widget': 'TextWidget',
      'ui:placeholder': '5-digit zip code',
      'ui:inputType': 'text',
      'ui:inputMode': 'numeric',
      'ui:autocomplete': 'postal-code',
      'ui:pattern': ZIP_INPUT_PATTERN,
    });
  });

  it('cor-freedom: describeHome is an enum of the option values, labelled word for word', () => {
    const { schema, uiSchema } = fieldsToSchema(loadPartner('cor-freedom').form.fields);
    expect(Object.keys(schema.properties)).toEqual(['email', 'describeHome', 'zipCode']);
    expect(schema.properties.describeHome).toEqual({
      type: 'string',
      title: 'Which best describes you?',
      enum: ['resident', 'caregiver', 'helper', 'professional'],
    });
    expect(uiSchema.describeHome).toEqual({
      'ui:widget': 'SelectWidget',
      'ui:placeholder': 'Select one',
      'ui:enumNames': describeHomeLabels,
    });
  });

  it('lowes: email and describeHome only', () => {
    const { schema, uiSchema } = fieldsToSchema(loadPartner('lowes').form.fields);
    expect(schema.required).toEqual(['email', 'describeHome']);
    expect(Object.keys(schema.properties)).toEqual(['email', 'describeHome']);
    expect(uiSchema.describeHome).toMatchObject({
      'ui:widget': 'SelectWidget',
      'ui:enumNames': describeHomeLabels,
    });
  });

  it('default: all three fields', () => {
    const { schema } = fieldsToSchema(loadPartner('default').form.fields);
    expect(Object.keys(schema.properties)).toEqual(['email', 'describeHome', 'zipCode']);
  });
});

describe('fieldsToSchema defaults', () => {
  it('uses numeric for a zip field without inputMode and falls back to placeholder, then name, for labels', () => {
    const fields: FormFieldDefinition[] = [
      { name: 'zipCode', placeholder: 'Zip', type: 'zip', required: false },
      { name: 'email', type: 'email', required: true },
    ];
    const { schema, uiSchema } = fieldsToSchema(fields);
    expect(uiSchema.zipCode).toMatchObject({
      'ui:inputMode': 'numeric',
      'ui:autocomplete': 'postal-code',
    });
    expect(schema.properties.zipCode?.title).toBe('Zip');
    expect(schema.properties.email?.title).toBe('email');
    expect(uiSchema.email).not.toHaveProperty('ui:placeholder');
    expect(schema.required).toEqual(['email']);
  });

  it('is pure: the same fields give equal, independent results', () => {
    const fields = loadPartner('cor-freedom').form.fields;
    const first = fieldsToSchema(fields);
    const second = fieldsToSchema(fields);
    expect(second).toEqual(first);
    expect(second.schema).not.toBe(first.schema);
  });
});
