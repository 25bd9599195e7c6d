import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The `t` query parameter that authorises status reads for one order. It is random (not signed) so
 * the polled status endpoint needs no cryptography beyond one constant-time comparison.
 */
export function newStatusToken(): string {
  return randomBytes(24).toString('base64url');
}

export function statusTokenMatches(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  // Every token has the same length, so returning early on a length mismatch reveals nothing.
  return a.length === b.length && timingSafeEqual(a, b);
}
