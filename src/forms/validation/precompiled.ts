import type { FormContextType, RJSFSchema, StrictRJSFSchema, ValidatorType } from '@rjsf/utils';
// The file, not the package index: the index also builds the ajv-based validator.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { CompiledValidateFunction } from '@rjsf/validator-ajv8/lib/types.js';
import { validators as compiled } from 'virtual:form-validators';
import { withSchemaId } from './schemaId.ts';

/*
 * rjsf validation without ajv in the browser: the validators were generated as plain JavaScript at
 * build time (tools/vite-plugin-validators.ts), so no code is compiled at run time and a Content
 * Security Policy without 'unsafe-eval' works.
 *
 * What the schema check adds is small (an object of strings, select values from their enum): every
 * message a visitor reads comes from our own rules (customValidate, see signupValidation.ts). So a
 * schema with no precompiled validator, which only a story or test with made-up fields can have,
 * is checked by those rules alone instead of failing the form.
 */

const validators: Record<string, CompiledValidateFunction | undefined> = compiled;

const acceptsAnything: CompiledValidateFunction = Object.assign(() => true, { errors: null });

/** Whether the build compiled a validator for this schema. */
export function hasPrecompiledValidator(schema: object): boolean {
  return validators[withSchemaId(schema).$id] !== undefined;
}

/**
 * The form's schema with its validator key, and the validator for it. Pass both to the form: the
 * validator checks that the form's schema is the one it was made for.
 */
export function precompiledValidator<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(schema: S): { schema: S & { $id: string }; validator: ValidatorType<T, S, F> } {
  const keyed = withSchemaId(schema);
  const validate = validators[keyed.$id];
  if (!validate && import.meta.env.DEV) {
    console.warn(
      `No precompiled validator for form schema ${keyed.$id}; only the form's own rules apply.`,
    );
  }
  const functions = { [keyed.$id]: validate ?? acceptsAnything };
  return { schema: keyed, validator: createPrecompiledValidator<T, S, F>(functions, keyed) };
}
