/**
 * Email check for the signup form: the WHATWG "valid email address" rule (what <input type=email>
 * accepts) plus a dot in the domain, since the offer is only useful with a deliverable address.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(value: string): string {
  return value.trim();
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** Addresses compare case-insensitively in practice (providers ignore case in the local part). */
export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a).toLowerCase() === normalizeEmail(b).toLowerCase();
}
