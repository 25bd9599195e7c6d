import type { FormFieldDefinition } from '../../config/generated/partner.ts';
// The email format is the API contract's, so the form and the server agree on every address.
import { isValidEmail } from '../../services/emailAddress.ts';
import { normalizeFieldValue } from './values.ts';
import { formsWords } from '../../i18n/areas/forms.ts';
import { textOf, type Text } from '../../i18n/words.ts';

/*
 * The signup form's validation rules and their messages, word for word from the product
 * specification (section 5). Pure functions: the rjsf form calls them through
 * `signupValidation.ts`, and the unit tests call them directly.
 *
 * Every field gets at most one message at a time, in this order of precedence:
 *   1. required and empty (whitespace only counts as empty)
 *   2. the format of its type: email for "email" fields, exactly 5 digits for "zip" fields
 *      (a partner's `validation: { kind: "email" | "zip", message }` replaces the default message)
 *   3. the partner's own `validation: { kind: "regex", pattern, message }` rule
 * An optional field left empty is valid: its format and regex rules only apply to an answer.
 */

/** The form's words in the page's language (src/i18n/catalogues/<language>/forms.json). */
export type FormsText = Text<typeof formsWords.en>;

/** English, the default of every rule below (the tests and the server's checks read English). */
export const englishForms: FormsText = textOf(formsWords.en);

export const INVALID_EMAIL_MESSAGE = englishForms('invalidEmail');
export const INVALID_ZIP_MESSAGE = englishForms('invalidZip');

/** The name the visitor reads for a field: its label, else its placeholder, else its name. */
export function fieldLabel(
  field: Pick<FormFieldDefinition, 'label' | 'placeholder' | 'name'>,
): string {
  return field.label ?? field.placeholder ?? field.name;
}

/** '{label or placeholder or name} is required' */
export function requiredMessage(
  field: Pick<FormFieldDefinition, 'label' | 'placeholder' | 'name'>,
  t: FormsText = englishForms,
): string {
  return t('required', { label: fieldLabel(field) });
}

/** The message of a regex rule that has none of its own. */
export function regexFallbackMessage(
  field: Pick<FormFieldDefinition, 'label' | 'placeholder' | 'name'>,
  t: FormsText = englishForms,
): string {
  return t('notExpectedFormat', { label: fieldLabel(field) });
}

const zipPattern = /^[0-9]{5}$/;

export function isValidZip(value: string): boolean {
  return zipPattern.test(value);
}

/** The message for a broken email or zip format: the partner's own, if its rule names this format. */
function formatMessage(field: FormFieldDefinition, fallback: string): string {
  const rule = field.validation;
  return rule && rule.kind === field.type && rule.message !== undefined ? rule.message : fallback;
}

const compiledPatterns = new Map<string, RegExp | null>();

/**
 * The partner's pattern, anchored so that the whole answer must match (as the schema documents).
 * The partner check (src/config/node/validation/partnerRules.ts) already refuses patterns that do not
 * compile with the "u" flag; should one get through anyway, the rule is skipped rather than
 * blocking every visitor.
 */
function compilePattern(pattern: string): RegExp | null {
  let compiled = compiledPatterns.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      compiled = null;
    }
    compiledPatterns.set(pattern, compiled);
  }
  return compiled;
}

/** The one message a field shows for `raw`, or undefined when the answer is fine. */
export function validateField(
  field: FormFieldDefinition,
  raw: unknown,
  t: FormsText = englishForms,
): string | undefined {
  const value = normalizeFieldValue(field, raw);
  if (value === '') return field.required ? requiredMessage(field, t) : undefined;

  if (field.type === 'email' && !isValidEmail(value)) {
    return formatMessage(field, t('invalidEmail'));
  }
  if (field.type === 'zip' && !isValidZip(value)) {
    return formatMessage(field, t('invalidZip'));
  }

  const rule = field.validation;
  if (rule?.kind === 'regex' && rule.pattern !== undefined) {
    const pattern = compilePattern(rule.pattern);
    if (pattern && !pattern.test(value)) return rule.message ?? regexFallbackMessage(field, t);
  }
  return undefined;
}

/** One message per invalid field, keyed by field name, in field order; {} when all is well. */
export function validateSignup(
  fields: readonly FormFieldDefinition[],
  data: Readonly<Record<string, unknown>> | undefined,
  t: FormsText = englishForms,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const field of fields) {
    const message = validateField(field, data?.[field.name], t);
    if (message !== undefined) messages[field.name] = message;
  }
  return messages;
}
