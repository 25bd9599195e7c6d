/**
 * The claim token (spec §3) is a signed JWT whose payload carries reportID. The browser only reads
 * it, to show a clear message instead of a form that cannot succeed; the server verifies it.
 */
export type ClaimTokenCheck =
  | { ok: true; reportID: string; expiresAt: Date | undefined }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' };

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function readClaimToken(
  token: string | null | undefined,
  now: Date = new Date(),
): ClaimTokenCheck {
  if (!token) return { ok: false, reason: 'missing' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) {
    return { ok: false, reason: 'malformed' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1] ?? ''));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!payload || typeof payload !== 'object') return { ok: false, reason: 'malformed' };
  const { reportID, exp } = payload as { reportID?: unknown; exp?: unknown };
  if (typeof reportID !== 'string' || reportID === '') return { ok: false, reason: 'malformed' };
  if (typeof exp === 'number' && exp * 1000 <= now.getTime())
    return { ok: false, reason: 'expired' };
  return {
    ok: true,
    reportID,
    expiresAt: typeof exp === 'number' ? new Date(exp * 1000) : undefined,
  };
}
