import type { FormFieldDefinition } from '../../config/generated/partner.ts';

/**
 * What the signup form hands to its `onSubmit`: one trimmed, non-empty string per filled-in field,
 * keyed by the field's `name` (for example `{ email, describeHome, zipCode }`). A field left empty
 * (only possible for an optional one) is left out rather than sent as "".
 */
export type SignupValues = Record<string, string>;

/** The form data rjsf holds while the visitor types: untrimmed, and `undefined` for empty fields. */
export type SignupFormData = Record<string, string | undefined>;

/**
 * The value of one field as the rules see it: trimmed, "" for anything that is not a string, and
 * for a select "" unless it is one of the field's option values (a stale or forged value counts as
 * no choice at all).
 */
export function normalizeFieldValue(field: FormFieldDefinition, raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const value = raw.trim();
  if (field.type === 'select' && value !== '') {
    return (field.options ?? []).some((option) => option.value === value) ? value : '';
  }
  return value;
}

/** The values to submit: trimmed, in field order, empty fields left out, unknown keys dropped. */
export function toSignupValues(
  fields: readonly FormFieldDefinition[],
  data: Readonly<Record<string, unknown>> | undefined,
): SignupValues {
  const values: SignupValues = {};
  for (const field of fields) {
    const value = normalizeFieldValue(field, data?.[field.name]);
    if (value !== '') values[field.name] = value;
  }
  return values;
}
