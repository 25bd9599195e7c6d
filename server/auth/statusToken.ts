import { randomBytes } from 'node:crypto';

/**
 * The `t` query parameter that authorises status reads for one order. It is random (not signed) so
 * the polled status endpoint needs no cryptography beyond one constant-time comparison.
 */
export function newStatusToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Constant-time comparison (every character is looked at whatever differs), without allocating:
 * it runs on every status poll. Every token has the same length, so returning early on a length
 * mismatch reveals nothing.
 */
export function statusTokenMatches(given: string, stored: string): boolean {
  if (given.length !== stored.length) return false;
  let difference = 0;
  for (let index = 0; index < stored.length; index += 1) {
    difference |= given.charCodeAt(index) ^ stored.charCodeAt(index);
  }
  return difference === 0;
}
