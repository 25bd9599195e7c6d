import emailAddressSchema from '../../schemas/api/email-address.schema.json' with { type: 'json' };

/**
 * The one email check of the product, shared by the signup form and the server: the pattern and the
 * length limit are the API contract's (schemas/api/email-address.schema.json), so the browser never
 * accepts an address the server refuses, nor the other way round. The value must be trimmed first.
 */
const pattern = new RegExp(emailAddressSchema.pattern, 'u');

export const MAX_EMAIL_LENGTH: number = emailAddressSchema.maxLength;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && pattern.test(value);
}
