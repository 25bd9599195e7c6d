import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { defaultLanguage, type Language } from '../../src/i18n/languages.ts';
import { CLAIM_TOKEN_TTL_SECONDS } from '../auth/tokens.ts';
import { emailButton, fromPartner, renderEmailFrame, TEXT_COLOR } from './emailFrame.ts';
import { escapeHtml, safeUrl } from './escape.ts';
import { partnerName } from '../services/languages.ts';
import { emailWords, type EmailWords } from './emailText.ts';
import type { RenderedEmail } from './instructionsEmail.ts';

/**
 * The email sent the moment an order is paid (or a free claim confirmed): a receipt in plain
 * words and the one link that opens step 2 (create-home) for this order, so a visitor who closed
 * the tab, or whose phone died on the return page, can still finish. Its footer links the "send me
 * my link again" page for when the link has run out. Same look as the instructions email, in the
 * order's language (the words from src/i18n/catalogues/<language>/email.json).
 */
export interface ConfirmationEmailInput {
  partner: PartnerConfig;
  productName: string;
  /** The order's language; English when absent. */
  language?: Language;
  /** What was charged, in cents; 0 for a free claim. */
  amountCents: number;
  currency: string;
  /** Opens create-home with a claim token for this order. */
  stepTwoUrl: string;
  /** When the link stops working (epoch ms). */
  linkExpiresAt: number;
  /** The "send me my link again" page of this partner. */
  resendUrl: string;
  /** Makes the partner logo's address absolute. */
  publicBaseUrl: string;
  orderId: string;
  /** True for a link sent again on request ("send me my link again"): no receipt line. */
  resent?: boolean;
  /** A mailto: or https: link for questions (from the site footer); optional. */
  helpHref?: string;
}

/** "$49.00" in US English, "$49.00" in US Spanish too; "49.00 XYZ" for a code Intl does not know. */
export function formatPrice(amountCents: number, currency: string, locale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountCents / 100);
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * "Wednesday, December 2" ("miércoles, 2 de diciembre"): the last day to use a link that expires
 * at `expiresAt`, named so that the link still works at the end of that day in every time zone
 * (down to UTC-12): the UTC day of 36 hours before the expiry. A promise kept everywhere rather
 * than a precise one.
 */
export function lastDayToUse(expiresAt: number, locale = 'en-US'): string {
  return new Date(expiresAt - 36 * 60 * 60 * 1000).toLocaleDateString(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const wordsFor = (input: ConfirmationEmailInput): EmailWords =>
  emailWords(input.language ?? defaultLanguage);

export function confirmationSubject(input: ConfirmationEmailInput): string {
  const words = wordsFor(input);
  const what = fromPartner(words, input);
  if (input.resent) return words.t('email.confirmation.subject.resent', { what });
  return input.amountCents === 0
    ? words.t('email.confirmation.subject.free', { what })
    : words.t('email.confirmation.subject.paid', { what });
}

/** The receipt line: what was bought, from whom, at what price. */
function receipt(input: ConfirmationEmailInput, words: EmailWords): string {
  const what = fromPartner(words, input);
  if (input.resent) return words.t('email.confirmation.receipt.resent', { what });
  return input.amountCents === 0
    ? words.t('email.confirmation.receipt.free', { what })
    : words.t('email.confirmation.receipt.paid', {
        what,
        price: formatPrice(input.amountCents, input.currency, words.locale),
      });
}

function linkLasts(input: ConfirmationEmailInput, words: EmailWords): string {
  return words.t('email.confirmation.linkLasts', {
    days: Math.round(CLAIM_TOKEN_TTL_SECONDS / (24 * 60 * 60)),
    lastDay: lastDayToUse(input.linkExpiresAt, words.locale),
  });
}

export function renderConfirmationText(input: ConfirmationEmailInput): string {
  const words = wordsFor(input);
  const { t } = words;
  const help = input.helpHref
    ? `\n${t('email.help')} ${input.helpHref.replace(/^mailto:/i, '')}\n`
    : '';
  return `${t('email.hello')}

${receipt(input, words)}

${t('email.confirmation.next')}

${t('email.confirmation.linkHere')}
${input.stepTwoUrl}

${linkLasts(input, words)}
${help}
${t('email.signOff')}
${t('email.team', { product: input.productName, partner: partnerName(input.partner, words.language) })}

${t('email.confirmation.resend')}
${input.resendUrl}

${t('email.confirmation.orderNumber', { orderId: input.orderId })}
`;
}

export function renderConfirmationHtml(input: ConfirmationEmailInput): string {
  const words = wordsFor(input);
  const { t } = words;
  const e = escapeHtml;
  const stepTwoUrl = safeUrl(input.stepTwoUrl);
  const resendUrl = safeUrl(input.resendUrl);
  const paragraph = 'margin:0 0 12px 0;font-size:18px;line-height:1.5;';
  return renderEmailFrame({
    ...input,
    words,
    title: confirmationSubject(input),
    heading: t('email.confirmation.heading'),
    body: ({ brand }) => `          <p style="${paragraph}">${e(t('email.hello'))}</p>
          <p style="${paragraph}">${e(receipt(input, words))}</p>
          <p style="margin:0 0 24px 0;font-size:18px;line-height:1.5;">${e(t('email.confirmation.next'))}</p>
          ${emailButton(input.stepTwoUrl, t('email.confirmation.button'), brand)}
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">${e(t('email.confirmation.buttonFallback'))}<br><a href="${e(stepTwoUrl)}" style="color:${brand};word-break:break-all;">${e(input.stepTwoUrl)}</a></p>
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">${e(linkLasts(input, words))}</p>`,
    below: ({
      brand,
    }) => `      <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;color:${TEXT_COLOR};">${e(t('email.confirmation.resend'))} <a href="${e(resendUrl)}" style="color:${brand};">${e(input.resendUrl)}</a></p>
      <p style="margin:8px 0 0 0;font-size:14px;color:${TEXT_COLOR};">${e(t('email.confirmation.orderNumber', { orderId: input.orderId }))}</p>`,
  });
}

export function renderConfirmationEmail(input: ConfirmationEmailInput): RenderedEmail {
  return {
    subject: confirmationSubject(input),
    html: renderConfirmationHtml(input),
    text: renderConfirmationText(input),
  };
}
