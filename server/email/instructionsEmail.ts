import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import type { HowItWorksBlock } from '../../src/config/generated/partner.ts';
import { fillText, withDefaults } from '../../src/config/dynamicText.ts';
import { defaultLanguage, type Language } from '../../src/i18n/languages.ts';
import { fieldOf, partnerName, translationOf } from '../services/languages.ts';
import { emailButton, fromPartner, renderEmailFrame, TEXT_COLOR } from './emailFrame.ts';
import { escapeHtml, safeUrl } from './escape.ts';
import { emailWords, type EmailWords } from './emailText.ts';

/**
 * The email sent after the home profile is created: how to start scanning the home. Written for
 * older adults first: plain words, one step at a time, large type, one big button, and the same
 * content as plain text for mail programs that do not show HTML. In the order's language.
 */
export interface InstructionsEmailInput {
  partner: PartnerConfig;
  productName: string;
  /** The order's language; English when absent. */
  language?: Language;
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

interface Step {
  title: string;
  description: string;
}

/** The partner's landing page's first how-it-works block, if it has one. */
function howItWorksBlock(partner: PartnerConfig): HowItWorksBlock | undefined {
  return partner.pages.landing.sections.find(
    (section): section is HowItWorksBlock => section.type === 'howItWorks',
  );
}

// An email is not read at an address: URL-driven copy shows its defaults.
const filled = (title: string, description: string): Step => ({
  title: fillText(title, withDefaults),
  description: fillText(description, withDefaults),
});

/** The partner's own how-it-works steps (its landing page's first such block), if it has them. */
export function howItWorksCards(partner: PartnerConfig): Step[] {
  return (howItWorksBlock(partner)?.props.cards ?? []).map((card) =>
    filled(card.title, card.description),
  );
}

/**
 * Those steps in a language: English's own; for another language the overlay's cards of that
 * block (translations.<language>.pages.landing.<block id>.cards) when it gives each of them a
 * title and a description, else undefined (the email then uses the product's own steps).
 */
export function howItWorksCardsIn(partner: PartnerConfig, language: Language): Step[] | undefined {
  const english = howItWorksCards(partner);
  const block = howItWorksBlock(partner);
  if (language === defaultLanguage || !block || english.length === 0) return english;
  const landing = fieldOf(fieldOf(translationOf(partner, language), 'pages'), 'landing');
  const cards = fieldOf(fieldOf(landing, block.id), 'cards');
  if (!Array.isArray(cards) || cards.length !== english.length) return undefined;
  const steps: Step[] = [];
  for (const card of cards) {
    const title = fieldOf(card, 'title');
    const description = fieldOf(card, 'description');
    if (typeof title !== 'string' || typeof description !== 'string') return undefined;
    steps.push(filled(title, description));
  }
  return steps;
}

/** The product's own steps, for a partner whose steps are not given in the email's language. */
function productSteps({ t }: EmailWords): Step[] {
  return (['walkStep', 'questionsStep', 'planStep'] as const).map((step) => ({
    title: t(`email.instructions.${step}.title`),
    description: t(`email.instructions.${step}.description`),
  }));
}

function stepsFor(input: InstructionsEmailInput, words: EmailWords): Step[] {
  const home = words.t('email.quoted', { text: input.homeName });
  return [
    {
      title: words.t('email.instructions.openStep.title'),
      description: words.t('email.instructions.openStep.description', {
        product: input.productName,
        home,
      }),
    },
    // The partner's own how-it-works steps, so the email matches its landing page.
    ...(howItWorksCardsIn(input.partner, words.language) ?? productSteps(words)),
  ];
}

const wordsFor = (input: InstructionsEmailInput): EmailWords =>
  emailWords(input.language ?? defaultLanguage);

export function instructionsSubject(input: InstructionsEmailInput): string {
  const words = wordsFor(input);
  return words.t('email.instructions.subject', { what: fromPartner(words, input) });
}

export function renderInstructionsText(input: InstructionsEmailInput): string {
  const words = wordsFor(input);
  const { t } = words;
  const steps = stepsFor(input, words)
    .map((step, index) => `${index + 1}. ${step.title}\n   ${step.description}`)
    .join('\n\n');
  const help = input.helpHref
    ? `\n${t('email.help')} ${input.helpHref.replace(/^mailto:/i, '')}\n`
    : '';
  const intro = t('email.instructions.intro', {
    what: fromPartner(words, input),
    home: t('email.quoted', { text: input.homeName }),
  });
  return `${t('email.hello')}

${intro}

${t('email.instructions.pace')}

${t('email.instructions.inShort')}

${steps}

${t('email.instructions.linkHere')}
${input.scanUrl}
${help}
${t('email.signOff')}
${t('email.team', { product: input.productName, partner: partnerName(input.partner, words.language) })}

${t('email.instructions.reference', { reportId: input.reportId })}
`;
}

// A character no message holds: marks where the home's name goes, so the sentence around it is
// escaped whole and the name alone is set in bold.
const HOME_MARK = '\u0000';

export function renderInstructionsHtml(input: InstructionsEmailInput): string {
  const words = wordsFor(input);
  const { t } = words;
  const e = escapeHtml;
  const scanUrl = safeUrl(input.scanUrl);
  const intro = e(
    t('email.instructions.intro', { what: fromPartner(words, input), home: HOME_MARK }),
  ).replace(HOME_MARK, `<strong>${e(t('email.quoted', { text: input.homeName }))}</strong>`);
  const steps = (brand: string) =>
    stepsFor(input, words)
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
    words,
    title: instructionsSubject(input),
    heading: t('email.instructions.heading'),
    body: ({
      brand,
    }) => `          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">${e(t('email.hello'))}</p>
          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">${intro}</p>
          <p style="margin:0 0 12px 0;font-size:18px;line-height:1.5;">${e(t('email.instructions.pace'))}</p>
          <p style="margin:0 0 24px 0;font-size:18px;line-height:1.5;">${e(t('email.instructions.inShort'))}</p>
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0">${steps(brand)}
          </table>
          ${emailButton(input.scanUrl, t('email.instructions.button'), brand)}
          <p style="margin:16px 0 0 0;font-size:16px;line-height:1.5;">${e(t('email.instructions.buttonFallback'))}<br><a href="${e(scanUrl)}" style="color:${brand};word-break:break-all;">${e(input.scanUrl)}</a></p>`,
    below: () =>
      `      <p style="margin:16px 0 0 0;font-size:14px;color:${TEXT_COLOR};">${e(t('email.instructions.reference', { reportId: input.reportId }))}</p>`,
  });
}

export function renderInstructionsEmail(input: InstructionsEmailInput): RenderedEmail {
  return {
    subject: instructionsSubject(input),
    html: renderInstructionsHtml(input),
    text: renderInstructionsText(input),
  };
}
