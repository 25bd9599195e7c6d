import { useMemo } from 'react';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import { generateForm } from '../../../src/forms/theme/index.ts';
import type { Json } from '../schema/schema.ts';
import type { StudioFormContext } from './formContext.ts';
import { studioTheme } from './studioTheme.ts';

export type { StudioFormContext };

/**
 * The studio's forms: rjsf with the project's own theme (src/forms/theme: the labelled text input,
 * the Radix select, the field template with its help line and inline error), plus what an editor
 * needs and a visitor's form does not (studioTheme.ts). Errors come from the partner checker only
 * (passed as extraErrors), never from rjsf's own validation, so each field shows the checker's
 * sentence.
 */
const Form = generateForm(studioTheme);

// The schema is 2020-12; rjsf only uses the validator to pick branches and fill defaults here.
const validator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, discriminator: true },
});

const defaultsOfRequiredOnly = {
  arrayMinItems: { populate: 'requiredOnly' },
  emptyObjectFields: 'populateRequiredDefaults',
} as const;

export function StudioForm({
  idPrefix,
  schema,
  uiSchema,
  formData,
  errors,
  context,
  onChange,
}: {
  idPrefix: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Json;
  errors: ErrorSchema;
  context: StudioFormContext;
  onChange: (data: Json) => void;
}) {
  const ui = useMemo(
    () => ({ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }),
    [uiSchema],
  );
  return (
    <Form
      idPrefix={idPrefix}
      schema={schema}
      uiSchema={ui}
      formData={formData}
      validator={validator}
      extraErrors={errors}
      formContext={context}
      // Opening a block changes nothing in it: an optional list or group left out stays out (an
      // offer's "includedItems" became [null], which the checker refuses; an image-text block
      // got a button), and only a required setting gets its schema default.
      experimental_defaultFormStateBehavior={defaultsOfRequiredOnly}
      onChange={(event) => onChange(event.formData as Json)}
    />
  );
}
