import type { FormFieldDefinition } from '../../config/generated/partner.ts';
import { schemaId } from '../validation/schemaId.ts';
import { fieldLabel } from './messages.ts';

/*
 * Turns a partner's signup field definitions into what rjsf renders: a JSON Schema (draft-07
 * style) for the structure and a uiSchema for the presentation. Pure: same fields, same output.
 *
 * - every field is a string property titled with its label (label ?? placeholder ?? name);
 * - required fields are listed in `required` (rjsf marks them; the messages come from
 *   messages.ts, see signupValidation.ts);
 * - a select becomes an `enum` of its option values, with the visible labels in `ui:enumNames`
 *   (the rjsf 6 way of labelling enum values), rendered by our Radix SelectWidget;
 * - email and zip fields use our TextWidget: type=email + autocomplete "email" for email;
 *   type=text + inputMode (numeric unless the partner says otherwise) + pattern + autocomplete
 *   "postal-code" for zip.
 */

export interface SignupPropertySchema {
  type: 'string';
  title: string;
  enum?: string[];
}

export interface SignupSchema {
  type: 'object';
  required: string[];
  properties: Record<string, SignupPropertySchema>;
}

export type SignupWidgetName = 'TextWidget' | 'SelectWidget';

/** The uiSchema of one field. `ui:`-prefixed keys reach the widget as `options.<key>`. */
export interface SignupFieldUiSchema {
  'ui:widget': SignupWidgetName;
  'ui:placeholder'?: string;
  'ui:inputType'?: 'email' | 'text';
  'ui:inputMode'?: 'numeric' | 'email' | 'text';
  'ui:autocomplete'?: 'email' | 'postal-code';
  'ui:pattern'?: string;
  'ui:enumNames'?: Record<string, string>;
  /** Set by the form itself while a prerendered page hydrates (see SignupForm.tsx). */
  'ui:disabled'?: boolean;
}

export interface SignupUiSchema {
  'ui:order': string[];
  'ui:submitButtonOptions': { norender: true };
  [field: string]: SignupFieldUiSchema | string[] | { norender: true };
}

export interface SignupFormSchemas {
  schema: SignupSchema;
  uiSchema: SignupUiSchema;
}

/** The HTML pattern of a zip input: a hint for browsers and phone keyboards, never a blocker. */
export const ZIP_INPUT_PATTERN = '[0-9]{5}';

function fieldUiSchema(field: FormFieldDefinition): SignupFieldUiSchema {
  const placeholder =
    field.placeholder === undefined ? {} : { 'ui:placeholder': field.placeholder };
  switch (field.type) {
    case 'email':
      return {
        'ui:widget': 'TextWidget',
        ...placeholder,
        'ui:inputType': 'email',
        'ui:inputMode': field.inputMode ?? 'email',
        'ui:autocomplete': 'email',
      };
    case 'zip':
      return {
        'ui:widget': 'TextWidget',
        ...placeholder,
        'ui:inputType': 'text',
        'ui:inputMode': field.inputMode ?? 'numeric',
        'ui:autocomplete': 'postal-code',
        'ui:pattern': ZIP_INPUT_PATTERN,
      };
    case 'select':
      return {
        'ui:widget': 'SelectWidget',
        ...placeholder,
        'ui:enumNames': Object.fromEntries(
          (field.options ?? []).map((option) => [option.value, option.label]),
        ),
      };
  }
}

function propertySchema(field: FormFieldDefinition): SignupPropertySchema {
  const property: SignupPropertySchema = { type: 'string', title: fieldLabel(field) };
  if (field.type === 'select') property.enum = (field.options ?? []).map((option) => option.value);
  return property;
}

export function fieldsToSchema(fields: readonly FormFieldDefinition[]): SignupFormSchemas {
  const properties: Record<string, SignupPropertySchema> = {};
  const uiSchema: SignupUiSchema = {
    'ui:order': fields.map((field) => field.name),
    'ui:submitButtonOptions': { norender: true },
  };
  for (const field of fields) {
    properties[field.name] = propertySchema(field);
    uiSchema[field.name] = fieldUiSchema(field);
  }
  return {
    schema: {
      type: 'object',
      required: fields.filter((field) => field.required).map((field) => field.name),
      properties,
    },
    uiSchema,
  };
}

/**
 * The key of these fields' precompiled validator, which also names its chunk
 * (tools/vite-plugin-validators.ts): what the tests look for among the scripts a page loads.
 */
export function signupValidatorKey(fields: readonly FormFieldDefinition[]): string {
  return schemaId(fieldsToSchema(fields).schema);
}
