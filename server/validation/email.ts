/**
 * The format check is the API contract's (src/services/emailAddress.ts, from
 * schemas/api/email-address.schema.json): Fastify applies it to the signup request.
 */

/** Addresses compare case-insensitively in practice (providers ignore case in the local part). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
