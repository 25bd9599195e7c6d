import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type { HowItWorksSection } from '../../src/config/generated/partner.ts';
import { fillText, withDefaults } from '../../src/config/dynamicText.ts';
import { emailButton, renderEmailFrame, TEXT_COLOR } from './emailFrame.ts';
import { escapeHtml, safeUrl } from './escape.ts';

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

/** The whole journey in one sentence, whatever the partner's step titles say. */
const IN_SHORT =
  'In short: open the link on your phone, walk through the home room by room, answer a few questions about who lives there, and receive your action plan.';

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
  const e = escapeHtml;
  const scanUrl = safeUrl(input.scanUrl);
  const steps = (brand: string) =>
    stepsFor(input)
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
  return renderEmailFrame({
    ...input,
    title: instructionsSubject(input),
    heading: 'Your home scan is ready',
    body: ({
      brand,
    }) => `          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">Hello,</p>
          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">Thank you for choosing the ${e(input.productName)}${e(fromPartner(input))}. Your home scan <strong>“${e(input.homeName)}”</strong> is set up and waiting for you.</p>
          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">Here is what to do next. Take your time: there is no rush, and you can stop and come back to it whenever you like. A family member or friend is welcome to help.</p>
          <p style="margin:0 0 24px 0;font-size:18px;line-height:1.5;">${e(IN_SHORT)}</p>
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0">${steps(brand)}
          </table>
          ${emailButton(input.scanUrl, 'Start my home scan', brand)}
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">If the button does not work, copy this address into your phone’s web browser:<br><a href="${e(scanUrl)}" style="color:${brand};word-break:break-all;">${e(input.scanUrl)}</a></p>`,
    below: () =>
      `      <p style="margin:16px 0 0 0;font-size:14px;color:${TEXT_COLOR};">Reference: ${e(input.reportId)}</p>`,
  });
}

export function renderInstructionsEmail(input: InstructionsEmailInput): RenderedEmail {
  return {
    subject: instructionsSubject(input),
    html: renderInstructionsHtml(input),
    text: renderInstructionsText(input),
  };
}
