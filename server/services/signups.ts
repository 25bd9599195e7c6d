import type { SignupRequest as SignupBody } from '../../src/services/generated/api.ts';
import { attributionFromSignup } from '../attribution/stored.ts';
import type { TokenService } from '../auth/tokens.ts';
import { signalsFromRequest, type SignalRequest } from '../conversions/signals.ts';
import { visitorIdFrom } from '../experiments/visitor.ts';
import { ApiError } from '../http/errors.ts';
import type { SignupRepository } from '../storage/repository.ts';
import { requestLanguage } from './languages.ts';
import type { PartnerDirectory } from './partners.ts';

export interface SignupServiceDeps {
  repo: SignupRepository;
  tokens: TokenService;
  partners: PartnerDirectory;
  now: () => number;
}

/** A signup as the browser sent it (its bot check already passed), with the request's headers. */
export type NewSignupRequest = Pick<SignupBody, 'email' | 'referral' | 'attribution' | 'language'> &
  SignalRequest;

export interface SignupService {
  /**
   * Stores the signup (with the experiment visitor, what brought them, their measurement choice
   * and language) and returns the action token the checkout opens orders with. Throws
   * unknown_referral or unsupported_language before anything is stored.
   */
  signUp(request: NewSignupRequest): Promise<{ actionToken: string }>;
}

export function createSignupService(deps: SignupServiceDeps): SignupService {
  const { repo, tokens, partners } = deps;
  return {
    async signUp(request) {
      const { email, referral } = request;
      const partner = partners.get(referral);
      if (!partner) {
        throw new ApiError(400, 'unknown_referral', 'This offer link is not recognised.');
      }
      const now = deps.now();
      // One of the partner's languages, or a 400 before anything is stored.
      const language = requestLanguage(partner, request.language);
      const signupId = await repo.addSignup({
        email,
        partnerId: referral,
        createdAt: now,
        // The experiment visitor, so the report can follow their version of the page.
        visitorId: visitorIdFrom(request.cookie) ?? null,
        // What brought them, cleaned again here; none from bots and lab tools.
        attribution: attributionFromSignup(request.attribution, request.userAgent, now) ?? null,
        // The measurement choice, GPC and (when advertising is allowed) the ad platforms'
        // browser ids, for the purchase sent from the server (docs/measurement.md).
        signals: signalsFromRequest(request, partner.measurement?.askConsent === true),
        language,
      });
      // The orders opened with this token copy the signup's attribution (services/orders.ts).
      return { actionToken: await tokens.signActionToken({ email, referral, signupId }) };
    },
  };
}
