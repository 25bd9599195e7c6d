import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { emailLogoPath, emailLogoSize } from '../../src/config/shareImages.ts';
import { escapeHtml, safeColor, safeUrl } from './escape.ts';
import type { RenderedEmail } from './instructionsEmail.ts';

/**
 * The email sent the moment an order is paid (or a free claim confirmed): a receipt in plain
 * words and the one link that opens step 2 (create-home) for this order, so a visitor who closed
 * the tab, or whose phone died on the return page, can still finish. Its footer links the "send me
 * my link again" page for when the link has run out. Same look as the instructions email.
 */
export interface ConfirmationEmailInput {
  partner: PartnerConfig;
  productName: string;
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

const DEFAULT_BRAND = '#1F6F78';
const TEXT_COLOR = '#2F3437';

/** "$49.00", or "free" for a free claim. */
export function pricePaid(amountCents: number, currency: string): string {
  if (amountCents === 0) return 'free';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amountCents / 100);
}

/**
 * "Wednesday, December 2": the last day to use a link that expires at `expiresAt`, named so that
 * the link still works at the end of that day in every time zone (down to UTC-12): the UTC day of
 * 36 hours before the expiry. A promise kept everywhere rather than a precise one.
 */
export function lastDayToUse(expiresAt: number): string {
  return new Date(expiresAt - 36 * 60 * 60 * 1000).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function fromPartner(input: ConfirmationEmailInput): string {
  // The default partner is the product itself: "HomeSafe Scan from HomeSafe Scan" reads badly.
  return input.partner.name === input.productName ? '' : ` from ${input.partner.name}`;
}

export function confirmationSubject(input: ConfirmationEmailInput): string {
  if (input.resent) return `Your new link to finish your ${input.productName}${fromPartner(input)}`;
  const what = input.amountCents === 0 ? 'Your free' : 'Thank you: your';
  return `${what} ${input.productName}${fromPartner(input)}: one more step`;
}

/** The receipt line: what was bought, from whom, at what price. */
function receipt(input: ConfirmationEmailInput): string {
  if (input.resent)
    return `Here is the new link you asked for, to finish your ${input.productName}${fromPartner(input)}. Links sent before keep working until they run out.`;
  return input.amountCents === 0
    ? `Your free ${input.productName}${fromPartner(input)} is claimed. There is nothing to pay.`
    : `We received your payment of ${pricePaid(input.amountCents, input.currency)} for the ${input.productName}${fromPartner(input)}.`;
}

function linkLasts(input: ConfirmationEmailInput): string {
  return `This link is yours alone. It works for 7 days (please use it by ${lastDayToUse(input.linkExpiresAt)}) and stops once your home profile is saved.`;
}

function resendLine(): string {
  return 'Link stopped working? Ask for a new one here (we will email it to this address):';
}

export function renderConfirmationText(input: ConfirmationEmailInput): string {
  const help = input.helpHref
    ? `\nQuestions? We are happy to help: ${input.helpHref.replace(/^mailto:/i, '')}\n`
    : '';
  return `Hello,

${receipt(input)}

Next, tell us a little about the home (it takes about a minute). Then we email you how to start scanning it.

Create your home profile here:
${input.stepTwoUrl}

${linkLasts(input)}
${help}
With warm wishes,
The ${input.productName} team, with ${input.partner.name}

${resendLine()}
${input.resendUrl}

Order number: ${input.orderId}
`;
}

export function renderConfirmationHtml(input: ConfirmationEmailInput): string {
  const brand = safeColor(input.partner.theme.brandColor, DEFAULT_BRAND);
  const tint = safeColor(input.partner.theme.tintColor, '#F4F6F6');
  const e = escapeHtml;
  const logoUrl = safeUrl(`${input.publicBaseUrl}${emailLogoPath(input.partner.id)}`);
  const logoHeight = Math.round((160 * emailLogoSize.height) / emailLogoSize.width);
  const stepTwoUrl = safeUrl(input.stepTwoUrl);
  const resendUrl = safeUrl(input.resendUrl);
  const paragraph = 'margin:0 0 12px 0;font-size:18px;line-height:1.5;';
  const help = input.helpHref
    ? `<p style="margin:24px 0 0 0;font-size:18px;line-height:1.5;">Questions? We are happy to help: <a href="${e(safeUrl(input.helpHref))}" style="color:${brand};">${e(input.helpHref.replace(/^mailto:/i, ''))}</a></p>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(confirmationSubject(input))}</title>
</head>
<body style="margin:0;padding:0;background:${tint};font-family:Arial, Helvetica, sans-serif;color:${TEXT_COLOR};">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${tint};">
    <tr><td align="center" style="padding:24px 12px;">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#FFFFFF;border-radius:12px;">
        <tr><td style="padding:28px 28px 8px 28px;">
          <img src="${e(logoUrl)}" alt="${e(input.partner.branding.logoAlt)}" width="160" height="${logoHeight}" style="display:block;max-width:160px;height:auto;border:0;">
        </td></tr>
        <tr><td style="padding:8px 28px 28px 28px;">
          <h1 style="margin:16px 0 12px 0;font-size:26px;line-height:1.3;color:${brand};">One more step</h1>
          <p style="${paragraph}">Hello,</p>
          <p style="${paragraph}">${e(receipt(input))}</p>
          <p style="margin:0 0 24px 0;font-size:18px;line-height:1.5;">Next, tell us a little about the home (it takes about a minute). Then we email you how to start scanning it.</p>
          <table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 0 0;">
            <tr><td style="border-radius:8px;background:${brand};">
              <a href="${e(stepTwoUrl)}" style="display:inline-block;padding:16px 28px;font-size:20px;font-weight:bold;color:#FFFFFF;text-decoration:none;border-radius:8px;">Create my home profile</a>
            </td></tr>
          </table>
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">If the button does not work, copy this address into your web browser:<br><a href="${e(stepTwoUrl)}" style="color:${brand};word-break:break-all;">${e(input.stepTwoUrl)}</a></p>
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">${e(linkLasts(input))}</p>
          ${help}
          <p style="margin:24px 0 0 0;font-size:18px;line-height:1.5;">With warm wishes,<br>The ${e(input.productName)} team, with ${e(input.partner.name)}</p>
        </td></tr>
      </table>
      <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;color:${TEXT_COLOR};">${e(resendLine())} <a href="${e(resendUrl)}" style="color:${brand};">${e(input.resendUrl)}</a></p>
      <p style="margin:8px 0 0 0;font-size:14px;color:${TEXT_COLOR};">Order number: ${e(input.orderId)}</p>
    </td></tr>
  </table>
</body>
</html>
`;
}

export function renderConfirmationEmail(input: ConfirmationEmailInput): RenderedEmail {
  return {
    subject: confirmationSubject(input),
    html: renderConfirmationHtml(input),
    text: renderConfirmationText(input),
  };
}
