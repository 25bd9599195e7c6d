import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type { HowItWorksSection } from '../../src/config/generated/partner.ts';
import { emailLogoPath, emailLogoSize } from '../../src/config/shareImages.ts';
import { fillText, withDefaults } from '../../src/config/dynamicText.ts';
import { escapeHtml, safeColor, safeUrl } from './escape.ts';

/**
 * The email sent after the home profile is created: how to start scanning the home. Written for
 * older adults first: plain words, one step at a time, large type, one big button, and the same
 * content as plain text for mail programs that do not show HTML.
 */
export interface InstructionsEmailInput {
  partner: PartnerConfig;
  productName: string;
  /** The visitor's name for this Home Scan (streetAddressLine1), such as "Mom's house". */
  homeName: string;
  reportId: string;
  /** Where the scan starts; opened on a phone. */
  scanUrl: string;
  /** Makes the partner logo's address absolute. */
  publicBaseUrl: string;
  /** A mailto: or https: link for questions (from the site footer); optional. */
  helpHref?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const DEFAULT_BRAND = '#1F6F78';
/** The whole journey in one sentence, whatever the partner's step titles say. */
const IN_SHORT =
  'In short: open the link on your phone, walk through the home room by room, answer a few questions about who lives there, and receive your action plan.';
const TEXT_COLOR = '#2F3437';

interface Step {
  title: string;
  description: string;
}

/** The partner's own how-it-works steps (its landing page's first such block), if it has them. */
export function howItWorksCards(partner: PartnerConfig): Step[] {
  const block = partner.pages.landing.sections.find(
    (section): section is HowItWorksSection => section.type === 'howItWorks',
  );
  // An email is not read at an address: URL-driven copy shows its defaults.
  return (block?.props.cards ?? []).map((card) => ({
    title: fillText(card.title, withDefaults),
    description: fillText(card.description, withDefaults),
  }));
}

function stepsFor(input: InstructionsEmailInput): Step[] {
  return [
    {
      title: 'Open the link on your phone',
      description: `Open this email on your phone and tap the button below. It opens your ${input.productName} for “${input.homeName}”. There is nothing to install.`,
    },
    // The partner's own how-it-works steps, so the email matches its landing page.
    ...howItWorksCards(input.partner).map(({ title, description }) => ({ title, description })),
  ];
}

function fromPartner(input: InstructionsEmailInput): string {
  // The default partner is the product itself: "HomeSafe Scan from HomeSafe Scan" reads badly.
  return input.partner.name === input.productName ? '' : ` from ${input.partner.name}`;
}

export function instructionsSubject(input: InstructionsEmailInput): string {
  return `Your ${input.productName}${fromPartner(input)} is ready: here is how to start`;
}

export function renderInstructionsText(input: InstructionsEmailInput): string {
  const steps = stepsFor(input)
    .map((step, index) => `${index + 1}. ${step.title}\n   ${step.description}`)
    .join('\n\n');
  const help = input.helpHref
    ? `\nQuestions? We are happy to help: ${input.helpHref.replace(/^mailto:/i, '')}\n`
    : '';
  return `Hello,

Thank you for choosing the ${input.productName}${fromPartner(input)}. Your home scan “${input.homeName}” is set up and waiting for you.

Here is what to do next. Take your time: there is no rush, and you can stop and come back to it whenever you like. A family member or friend is welcome to help.

${IN_SHORT}

${steps}

Start your scan here (open it on your phone):
${input.scanUrl}
${help}
With warm wishes,
The ${input.productName} team, with ${input.partner.name}

Reference: ${input.reportId}
`;
}

export function renderInstructionsHtml(input: InstructionsEmailInput): string {
  const brand = safeColor(input.partner.theme.brandColor, DEFAULT_BRAND);
  const tint = safeColor(input.partner.theme.tintColor, '#F4F6F6');
  const e = escapeHtml;
  // The PNG drawn from the partner's SVG logo at build (tools/images/): Gmail, Outlook and most
  // mail programs do not show SVG.
  const logoUrl = safeUrl(`${input.publicBaseUrl}${emailLogoPath(input.partner.id)}`);
  const logoHeight = Math.round((160 * emailLogoSize.height) / emailLogoSize.width);
  const scanUrl = safeUrl(input.scanUrl);
  const steps = stepsFor(input)
    .map(
      (step, index) => `
          <tr>
            <td valign="top" style="padding:0 16px 20px 0;width:44px;">
              <div style="width:40px;height:40px;border-radius:20px;background:${brand};color:#FFFFFF;font-size:20px;font-weight:bold;line-height:40px;text-align:center;">${index + 1}</div>
            </td>
            <td valign="top" style="padding:0 0 20px 0;">
              <p style="margin:0 0 4px 0;font-size:19px;font-weight:bold;color:${TEXT_COLOR};">${e(step.title)}</p>
              <p style="margin:0;font-size:18px;line-height:1.5;color:${TEXT_COLOR};">${e(step.description)}</p>
            </td>
          </tr>`,
    )
    .join('');
  const help = input.helpHref
    ? `<p style="margin:24px 0 0 0;font-size:18px;line-height:1.5;">Questions? We are happy to help: <a href="${e(safeUrl(input.helpHref))}" style="color:${brand};">${e(input.helpHref.replace(/^mailto:/i, ''))}</a></p>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(instructionsSubject(input))}</title>
</head>
<body style="margin:0;padding:0;background:${tint};font-family:Arial, Helvetica, sans-serif;color:${TEXT_COLOR};">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${tint};">
    <tr><td align="center" style="padding:24px 12px;">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#FFFFFF;border-radius:12px;">
        <tr><td style="padding:28px 28px 8px 28px;">
          <img src="${e(logoUrl)}" alt="${e(input.partner.branding.logoAlt)}" width="160" height="${logoHeight}" style="display:block;max-width:160px;height:auto;border:0;">
        </td></tr>
        <tr><td style="padding:8px 28px 28px 28px;">
          <h1 style="margin:16px 0 12px 0;font-size:26px;line-height:1.3;color:${brand};">Your home scan is ready</h1>
          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">Hello,</p>
          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">Thank you for choosing the ${e(input.productName)}${e(fromPartner(input))}. Your home scan <strong>“${e(input.homeName)}”</strong> is set up and waiting for you.</p>
          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">Here is what to do next. Take your time: there is no rush, and you can stop and come back to it whenever you like. A family member or friend is welcome to help.</p>
          <p style="margin:0 0 24px 0;font-size:18px;line-height:1.5;">${e(IN_SHORT)}</p>
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0">${steps}
          </table>
          <table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 0 0;">
            <tr><td style="border-radius:8px;background:${brand};">
              <a href="${e(scanUrl)}" style="display:inline-block;padding:16px 28px;font-size:20px;font-weight:bold;color:#FFFFFF;text-decoration:none;border-radius:8px;">Start my home scan</a>
            </td></tr>
          </table>
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">If the button does not work, copy this address into your phone’s web browser:<br><a href="${e(scanUrl)}" style="color:${brand};word-break:break-all;">${e(input.scanUrl)}</a></p>
          ${help}
          <p style="margin:24px 0 0 0;font-size:18px;line-height:1.5;">With warm wishes,<br>The ${e(input.productName)} team, with ${e(input.partner.name)}</p>
        </td></tr>
      </table>
      <p style="margin:16px 0 0 0;font-size:14px;color:${TEXT_COLOR};">Reference: ${e(input.reportId)}</p>
    </td></tr>
  </table>
</body>
</html>
`;
}

export function renderInstructionsEmail(input: InstructionsEmailInput): RenderedEmail {
  return {
    subject: instructionsSubject(input),
    html: renderInstructionsHtml(input),
    text: renderInstructionsText(input),
  };
}
