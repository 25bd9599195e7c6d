import type { CustomValidator, ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import type { FormFieldDefinition } from '../../config/generated/partner.ts';
import { validateSignup, type FormsText } from './messages.ts';
import type { SignupFormData } from './values.ts';

/*
 * How the pure rules of messages.ts plug into rjsf.
 *
 * rjsf's ajv validator still checks the structure against the JSON Schema (an object of strings,
 * select values from their enum, required keys present). Every such error about one of our fields
 * is also caught, with the exact wording of the specification, by messages.ts, which knows more
 * (trimming, whitespace-only answers, email and zip formats, partner rules). So:
 *  - `transformErrors` drops ajv's errors about our fields (its English "must have required
 *    property 'email'" never reaches the visitor, and no field ever shows two messages);
 *  - `customValidate` adds the one message per field that messages.ts returns.
 * Anything ajv reports that is not about one of our fields is kept, so it still blocks submit.
 */

/** The top-level property an rjsf error is about: "email" for ".email", "email" or "['email']". */
export function errorFieldName(error: Pick<RJSFValidationError, 'property'>): string {
  const property = (error.property ?? '').replace(/^\./, '');
  const match = /^\[(['"])(.*?)\1\]/.exec(property) ?? /^\[([^\]]*)\]/.exec(property);
  if (match) return match[match.length - 1] ?? '';
  return property.split(/[.[]/, 1)[0] ?? '';
}

export function createTransformErrors(
  fields: readonly FormFieldDefinition[],
): ErrorTransformer<SignupFormData> {
  const names = new Set(fields.map((field) => field.name));
  return (errors) => errors.filter((error) => !names.has(errorFieldName(error)));
}

export function createCustomValidate(
  fields: readonly FormFieldDefinition[],
  t?: FormsText,
): CustomValidator<SignupFormData> {
  return (formData, errors) => {
    const messages = validateSignup(fields, formData, t);
    for (const [name, message] of Object.entries(messages)) {
      const entry = errors[name];
      // rjsf builds an entry for every schema property. Should one be missing, the message goes on
      // the form itself: never shown, but it still blocks the submit rather than letting it through.
      if (entry) entry.addError(message);
      else errors.addError(message);
    }
    return errors;
  };
}
