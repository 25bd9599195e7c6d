import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from '../auth/tokens.ts';
import type { ConversionPlanner } from '../conversions/planner.ts';
import { renderInstructionsEmail } from '../email/instructionsEmail.ts';
import { ApiError } from '../http/errors.ts';
import type { OrderRepository, ProfileRepository } from '../storage/repository.ts';
import { checkHomeProfile } from '../validation/homeProfile.ts';
import type { PartnerDirectory } from './partners.ts';

/**
 * Step 2 of 2: the paid visitor creates the home profile with the claim token. Checks run from
 * cheapest to the one that spends something: signature, then the profile, then the single use
 * (so a typo in the form does not burn the token).
 */
export interface ProfileServiceDeps {
  repo: OrderRepository & ProfileRepository;
  tokens: TokenService;
  partners: PartnerDirectory;
  now: () => number;
  publicBaseUrl: string;
  scanAppUrl: string;
  /** True when an SMTP sender will deliver queued emails; otherwise they stay in the outbox. */
  smtpEnabled: boolean;
  /** Called after an email was queued (the SMTP sender's kick). */
  onEmailQueued: () => void;
  /** The profile's delivery to the partner's own system, queued with it. */
  conversions: ConversionPlanner;
  /** Called after conversions were queued (the conversion sender's kick). */
  onConversionsQueued: () => void;
  log: FastifyBaseLogger;
}

export interface ProfileService {
  complete(input: {
    claimToken: string;
    fields: Record<string, unknown>;
  }): Promise<{ reportID: string }>;
}

/** The site footer's mailto: link, for "questions?" in emails. */
export function helpHref(partners: PartnerDirectory): string | undefined {
  return partners.site?.footer.links.find((link) => link.href.startsWith('mailto:'))?.href;
}

export function scanLink(scanAppUrl: string, reportId: string): string {
  const separator = scanAppUrl.includes('?') ? '&' : '?';
  return `${scanAppUrl}${separator}report=${encodeURIComponent(reportId)}`;
}

export function createProfileService(deps: ProfileServiceDeps): ProfileService {
  const { repo, tokens, partners, now } = deps;
  const invalidClaim = () =>
    new ApiError(
      401,
      'invalid_claim_token',
      'This link is not valid or has expired. Please contact us for help.',
    );

  return {
    async complete({ claimToken, fields }) {
      const claims = await tokens.verifyClaimToken(claimToken);
      if (!claims) throw invalidClaim();

      const checked = checkHomeProfile(fields);
      if (!checked.ok) {
        throw new ApiError(400, 'invalid_profile', checked.message, { fields: checked.fields });
      }

      const order = await repo.getOrder(claims.orderId);
      // A valid signature with no matching paid order means a token minted elsewhere with our key.
      if (!order || order.status !== 'completed' || order.reportId !== claims.reportID)
        throw invalidClaim();

      const partner = partners.getOrDefault(order.partnerId);
      const email = renderInstructionsEmail({
        partner,
        productName: partners.productName,
        language: order.language,
        homeName: checked.profile.streetAddressLine1.trim(),
        reportId: claims.reportID,
        scanUrl: scanLink(deps.scanAppUrl, claims.reportID),
        publicBaseUrl: deps.publicBaseUrl,
        helpHref: helpHref(partners),
      });
      const at = now();
      const outcome = await repo.completeProfile({
        reportId: claims.reportID,
        orderId: order.id,
        profile: checked.profile,
        email: {
          ...email,
          kind: 'instructions',
          toAddress: order.email,
          partnerId: partner.id,
          reportId: claims.reportID,
          status: deps.smtpEnabled ? 'pending' : 'stored',
          createdAt: at,
        },
        at,
        conversions: deps.conversions.forProfile(order, checked.profile, at),
      });
      if (outcome === 'already_used') {
        throw new ApiError(
          409,
          'claim_token_used',
          'This home profile was already created. Please check your email.',
        );
      }
      deps.log.info({ reportId: claims.reportID, orderId: order.id }, 'home profile created');
      deps.onEmailQueued();
      deps.onConversionsQueued();
      return { reportID: claims.reportID };
    },
  };
}
