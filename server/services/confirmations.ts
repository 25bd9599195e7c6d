import { CLAIM_TOKEN_TTL_SECONDS, type TokenService } from '../auth/tokens.ts';
import { renderConfirmationEmail } from '../email/confirmationEmail.ts';
import type { NewEmail, OrderRecord } from '../storage/repository.ts';
import type { PartnerDirectory } from './partners.ts';
import { helpHref } from './profiles.ts';
import { languages, type Language } from '../../src/i18n/languages.ts';
import { languageSegment } from './languages.ts';

/**
 * The way back to step 2: the confirmation email of a fulfilled order, and the same link sent
 * again on request. The link carries a claim token, which only create-home accepts (its own
 * audience), only for this order (it names the order and its report), and only until the profile
 * is saved (the report's single use, claim_token_uses). It lasts CLAIM_TOKEN_TTL_SECONDS (7 days):
 * a visitor who pays on a Friday can finish the next week, or when a family member visits to
 * help, while a forwarded or old email stops working; the resend form gives a fresh one any time.
 */
export interface ConfirmationDeps {
  tokens: TokenService;
  partners: PartnerDirectory;
  /** Where links go when an order's return address is not one of our step pages. */
  publicBaseUrl: string;
  /** True when an SMTP sender delivers queued emails; otherwise they stay in the outbox. */
  smtpEnabled: boolean;
}

export type ConfirmationOrder = Pick<
  OrderRecord,
  'id' | 'partnerId' | 'email' | 'amountCents' | 'currency' | 'returnUrl' | 'language'
>;

export interface Confirmations {
  /** The confirmation email for an order being fulfilled with this report id and claim token. */
  confirmation(
    order: ConfirmationOrder,
    fulfilment: { reportId: string; claimToken: string },
    at: number,
  ): NewEmail;
  /** A fresh link for a fulfilled order (a new claim token; earlier ones keep their expiry). */
  linkAgain(order: ConfirmationOrder & { reportId: string }, at: number): Promise<NewEmail>;
}

// A language segment the return address may carry after the partner prefix ("/es").
const LANGUAGE_SEGMENT = new RegExp(`/(?:${languages.join('|')})$`);

/**
 * The partner's claim-offer address on the site the visitor used, in the order's language: the
 * order's return address ends in /claim-offer/payment-return (checked against our own sites in
 * production), so its origin and any /:clientId prefix lead back to the same site; otherwise the
 * public address and the id. The language is the order's, whatever segment the return address
 * had: none for English, "/es" right after the prefix for Spanish (/demo/es/claim-offer, or
 * /es/claim-offer on a partner's own host).
 */
export function claimOfferBase(
  order: Pick<OrderRecord, 'partnerId' | 'returnUrl'> & { language?: Language },
  publicBaseUrl: string,
): string {
  const segment = languageSegment(order.language ?? 'en');
  try {
    const url = new URL(order.returnUrl);
    const match = /^(.*)\/claim-offer\/payment-return\/?$/.exec(url.pathname);
    if (match && (url.protocol === 'https:' || url.protocol === 'http:')) {
      const prefix = (match[1] ?? '').replace(LANGUAGE_SEGMENT, '');
      return `${url.origin}${prefix}${segment}/claim-offer`;
    }
  } catch {
    // Not a URL: the fallback below.
  }
  return `${publicBaseUrl.replace(/\/$/, '')}/${encodeURIComponent(order.partnerId)}${segment}/claim-offer`;
}

export function createConfirmations(deps: ConfirmationDeps): Confirmations {
  const { tokens, partners } = deps;

  function email(
    order: ConfirmationOrder,
    reportId: string,
    claimToken: string,
    at: number,
    resent: boolean,
  ): NewEmail {
    const partner = partners.getOrDefault(order.partnerId);
    const base = claimOfferBase(order, deps.publicBaseUrl);
    const help = helpHref(partners);
    const rendered = renderConfirmationEmail({
      partner,
      productName: partners.productName,
      language: order.language,
      amountCents: order.amountCents,
      currency: order.currency,
      stepTwoUrl: `${base}/create-home?t=${encodeURIComponent(claimToken)}`,
      linkExpiresAt: at + CLAIM_TOKEN_TTL_SECONDS * 1000,
      resendUrl: `${base}/resend`,
      publicBaseUrl: deps.publicBaseUrl,
      orderId: order.id,
      resent,
      ...(help ? { helpHref: help } : {}),
    });
    return {
      ...rendered,
      kind: 'confirmation',
      toAddress: order.email,
      partnerId: partner.id,
      reportId,
      status: deps.smtpEnabled ? 'pending' : 'stored',
      createdAt: at,
    };
  }

  return {
    confirmation: (order, fulfilment, at) =>
      email(order, fulfilment.reportId, fulfilment.claimToken, at, false),
    async linkAgain(order, at) {
      const claimToken = await tokens.signClaimToken({
        reportID: order.reportId,
        orderId: order.id,
      });
      return email(order, order.reportId, claimToken, at, true);
    },
  };
}
