import type { FastifyBaseLogger } from 'fastify';
import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { offerClosedText, offerState } from '../../src/config/offer.ts';
import type { Language } from '../../src/i18n/languages.ts';
import type { TokenService } from '../auth/tokens.ts';
import { ApiError } from '../http/errors.ts';
import { sameEmail } from '../validation/email.ts';
import { requestLanguage } from './languages.ts';
import type { PartnerDirectory } from './partners.ts';
import { checkReturnUrl } from './returnUrl.ts';

/** A visitor's request to open a checkout, as the browser sent it. */
export interface CheckoutRequest {
  /** The signup's action token (JWT: email, partner and signup id). */
  actionToken: string;
  /** The address typed on the checkout step: it must be the signup's. */
  email: string;
  returnUrl: string;
  /** The browser's campaign id: only noted, the partner file's is used. */
  campaignId?: string | null | undefined;
  /** Absent: the signup's language (services/orders.ts). */
  language?: string | undefined;
  /** The request's log, so a note carries its request id. */
  log: FastifyBaseLogger;
}

/** What a checkout request allows, once every rule has passed. */
export interface AllowedCheckout {
  email: string;
  partner: PartnerConfig;
  signupId: number | undefined;
  language: Language | undefined;
}

export interface CheckoutRulesDeps {
  tokens: TokenService;
  partners: PartnerDirectory;
  /** Live settings restrict the return address to our own and the partner's hosts. */
  liveMode: boolean;
  publicBaseUrl: string;
  now: () => number;
}

/**
 * The origins (scheme, host and port) a visitor may be sent back to with live settings: our own
 * public address and the partner's own host names over https. Undefined (any) in development.
 */
function allowedReturnOrigins(
  deps: CheckoutRulesDeps,
  partnerHosts: readonly string[],
): ReadonlySet<string> | undefined {
  if (!deps.liveMode) return undefined;
  return new Set([
    new URL(deps.publicBaseUrl).origin,
    ...partnerHosts.map((host) => `https://${host.toLowerCase()}`),
  ]);
}

/**
 * The rules a checkout must pass before any order exists, in the order the API answers them: a
 * valid action token, the signup's own address, a known partner and one of its languages, an
 * offer open today, an allowed return address. Throws the API's error for the first that fails.
 */
export async function checkCheckoutRequest(
  deps: CheckoutRulesDeps,
  request: CheckoutRequest,
): Promise<AllowedCheckout> {
  const claims = await deps.tokens.verifyActionToken(request.actionToken);
  if (!claims) {
    throw new ApiError(
      401,
      'invalid_action_token',
      'Your session has expired. Please start again.',
    );
  }
  if (!sameEmail(request.email, claims.email)) {
    throw new ApiError(
      403,
      'email_mismatch',
      'The email does not match the one you signed up with.',
    );
  }
  const partner = deps.partners.get(claims.referral);
  if (!partner) throw new ApiError(400, 'unknown_referral', 'This offer link is not recognised.');
  const language =
    request.language === undefined ? undefined : requestLanguage(partner, request.language);

  // A limited-time offer opens no checkout outside its dates (the pages say so too).
  const state = offerState(partner, deps.now());
  if (state.kind !== 'open') {
    throw new ApiError(409, 'offer_closed', offerClosedText(state));
  }

  const returnUrlCheck = checkReturnUrl(
    request.returnUrl,
    allowedReturnOrigins(deps, partner.hosts),
  );
  if (!returnUrlCheck.ok) {
    throw new ApiError(400, 'invalid_return_url', `The return address ${returnUrlCheck.reason}.`);
  }
  // The campaign comes from the server's own partner configuration (price and campaign must not
  // be chosen by the browser); a different value from the client is only noted.
  const campaignId = deps.partners.campaignId(partner);
  if (request.campaignId && request.campaignId !== campaignId) {
    request.log.info(
      { sent: request.campaignId, used: campaignId },
      'client campaignId differs; using configured one',
    );
  }
  return { email: claims.email, partner, signupId: claims.signupId, language };
}
