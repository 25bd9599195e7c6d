import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { emailButton, renderEmailFrame, TEXT_COLOR } from './emailFrame.ts';
import { escapeHtml, safeUrl } from './escape.ts';
import { formatMoney } from '../../src/config/money.ts';
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

/** "$49.00", or "free" for a free claim. */
export function pricePaid(amountCents: number, currency: string): string {
  return amountCents === 0 ? 'free' : formatMoney({ amountCents, currency });
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
  const e = escapeHtml;
  const stepTwoUrl = safeUrl(input.stepTwoUrl);
  const resendUrl = safeUrl(input.resendUrl);
  const paragraph = 'margin:0 0 12px 0;font-size:18px;line-height:1.5;';
  return renderEmailFrame({
    ...input,
    title: confirmationSubject(input),
    heading: 'One more step',
    body: ({ brand }) => `          <p style="${paragraph}">Hello,</p>
          <p style="${paragraph}">${e(receipt(input))}</p>
          <p style="margin:0 0 24px 0;font-size:18px;line-height:1.5;">Next, tell us a little about the home (it takes about a minute). Then we email you how to start scanning it.</p>
          ${emailButton(input.stepTwoUrl, 'Create my home profile', brand)}
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">If the button does not work, copy this address into your web browser:<br><a href="${e(stepTwoUrl)}" style="color:${brand};word-break:break-all;">${e(input.stepTwoUrl)}</a></p>
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">${e(linkLasts(input))}</p>`,
    below: ({
      brand,
    }) => `      <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;color:${TEXT_COLOR};">${e(resendLine())} <a href="${e(resendUrl)}" style="color:${brand};">${e(input.resendUrl)}</a></p>
      <p style="margin:8px 0 0 0;font-size:14px;color:${TEXT_COLOR};">Order number: ${e(input.orderId)}</p>`,
  });
}

export function renderConfirmationEmail(input: ConfirmationEmailInput): RenderedEmail {
  return {
    subject: confirmationSubject(input),
    html: renderConfirmationHtml(input),
    text: renderConfirmationText(input),
  };
}
