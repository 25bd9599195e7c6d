import { describe, expect, it } from 'vitest';
import { readClaimToken } from './claimToken.ts';

const base64Url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** header.payload.signature, like the server's JWT (the browser never checks the signature). */
const token = (payload: unknown) =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.c2lnbmF0dXJl`;

const now = new Date('2025-06-01T12:00:00Z');
const nowSeconds = now.getTime() / 1000;

describe('readClaimToken', () => {
  it('reports a missing token', () => {
    expect(readClaimToken(undefined, now)).toEqual({ ok: false, reason: 'missing' });
    expect(readClaimToken(null, now)).toEqual({ ok: false, reason: 'missing' });
    expect(readClaimToken('', now)).toEqual({ ok: false, reason: 'missing' });
  });

  it.each([
    ['one part', 'abc'],
    ['two parts', 'abc.def'],
    ['four parts', 'a.b.c.d'],
    ['an empty part', `${base64Url({})}..sig`],
    ['characters outside base64url', `${base64Url({})}.${base64Url({ reportID: 'r' })}+.sig`],
    ['a payload that is not JSON', `${base64Url({})}.${base64Url('not json')}.sig`],
    ['a payload that is not base64', 'aaaa.a.sig'],
    ['a JSON null payload', token(null)],
    ['a JSON string payload', token('"reportID"')],
    ['no reportID', token({ exp: nowSeconds + 60 })],
    ['an empty reportID', token({ reportID: '' })],
    ['a numeric reportID', token({ reportID: 42 })],
  ])('calls a token with %s malformed', (_label, value) => {
    expect(readClaimToken(value, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reports an expired token, also at the exact expiry second', () => {
    expect(readClaimToken(token({ reportID: 'r-1', exp: nowSeconds - 1 }), now)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(readClaimToken(token({ reportID: 'r-1', exp: nowSeconds }), now)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('reads reportID and the expiry of a valid token', () => {
    expect(readClaimToken(token({ reportID: 'report-42', exp: nowSeconds + 1 }), now)).toEqual({
      ok: true,
      reportID: 'report-42',
      expiresAt: new Date(now.getTime() + 1000),
    });
  });

  it('accepts a token without exp, with no expiry date', () => {
    expect(readClaimToken(token({ reportID: 'r-2' }), now)).toEqual({
      ok: true,
      reportID: 'r-2',
      expiresAt: undefined,
    });
  });

  it('decodes UTF-8 and base64url characters (- and _) in the payload', () => {
    // "é" and "?>" make the base64 text contain "_" or "-" in base64url form.
    const reportID = 'rapport-é?>?>';
    const encoded = token({ reportID });
    expect(encoded.split('.')[1]).toMatch(/[-_]/);
    const check = readClaimToken(encoded, now);
    expect(check).toMatchObject({ ok: true, reportID });
  });

  it('uses the current time by default', () => {
    expect(readClaimToken(token({ reportID: 'r', exp: 1 })).ok).toBe(false);
    expect(readClaimToken(token({ reportID: 'r', exp: Date.now() / 1000 + 600 })).ok).toBe(true);
  });
});
