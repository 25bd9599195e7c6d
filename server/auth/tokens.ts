import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * The two signed tokens the API hands out (HS256 JWTs):
 * - the action token (30 minutes) proves a signup passed the bot check, and carries email and referral;
 * - the claim token (7 days) proves an order was paid, and carries reportID and orderId. The front
 *   end reads reportID from its payload. It is the step 2 link of the confirmation email too, so
 *   it lasts days: see services/confirmations.ts for why 7.
 * Each kind has its own audience, so one can never be used in place of the other.
 */
/**
 * A key for state held per signup (its order count, its free claim). The action token is a bearer
 * secret, so only this digest is ever stored or used as a key.
 */
export function actionTokenDigest(actionToken: string): string {
  return createHash('sha256').update(actionToken).digest('base64url');
}

export const ACTION_TOKEN_TTL_SECONDS = 30 * 60;
export const CLAIM_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

const ISSUER = 'homesafe-scan';
const ACTION_AUDIENCE = 'homesafe-scan:action';
const CLAIM_AUDIENCE = 'homesafe-scan:claim';

export interface ActionClaims {
  email: string;
  referral: string;
  /**
   * The signup's id, so the orders opened with the token carry that signup's attribution (tokens
   * signed before it was added have none).
   */
  signupId?: number;
}

export interface ClaimClaims {
  reportID: string;
  orderId: string;
}

export interface TokenService {
  signActionToken(claims: ActionClaims): Promise<string>;
  /** The claims, or undefined when the token is malformed, tampered with or expired. */
  verifyActionToken(token: string): Promise<ActionClaims | undefined>;
  signClaimToken(claims: ClaimClaims): Promise<string>;
  verifyClaimToken(token: string): Promise<ClaimClaims | undefined>;
}

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret);

  async function sign(payload: JWTPayload, audience: string, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key);
  }

  async function verify(token: string, audience: string): Promise<JWTPayload | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        currentDate: new Date(now()),
        requiredClaims: ['exp', 'iat'],
      });
      return payload;
    } catch {
      // Every failure (bad signature, expiry, wrong audience, garbage) means the same to callers.
      return undefined;
    }
  }

  return {
    signActionToken: (claims) => sign({ ...claims }, ACTION_AUDIENCE, ACTION_TOKEN_TTL_SECONDS),
    async verifyActionToken(token) {
      const payload = await verify(token, ACTION_AUDIENCE);
      const email = payload && stringClaim(payload, 'email');
      const referral = payload && stringClaim(payload, 'referral');
      const signupId = payload?.signupId;
      if (!email || !referral) return undefined;
      return typeof signupId === 'number' && Number.isSafeInteger(signupId) && signupId > 0
        ? { email, referral, signupId }
        : { email, referral };
    },
    // A random id: a link sent again within the same second is still a new token.
    signClaimToken: (claims) =>
      sign({ ...claims, jti: randomUUID() }, CLAIM_AUDIENCE, CLAIM_TOKEN_TTL_SECONDS),
    async verifyClaimToken(token) {
      const payload = await verify(token, CLAIM_AUDIENCE);
      const reportID = payload && stringClaim(payload, 'reportID');
      const orderId = payload && stringClaim(payload, 'orderId');
      return reportID && orderId ? { reportID, orderId } : undefined;
    },
  };
}
