import type { FormFieldDefinition, PartnerConfig } from '../../config/generated/partner.ts';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { textOf, type Text } from '../../i18n/words.ts';

/**
 * The "send me my link again" form: one email field, drawn by the signup form's component so it
 * looks and behaves like the signup (labels, inline messages, focus, the pending button). Its
 * schema is fixed, so the build compiles one validator for it (tools/vite-plugin-validators.ts);
 * its words follow the page's language (the validator's key ignores them, schemaId.ts).
 */
type JourneyText = Text<typeof journeyWords.en>;
const english: JourneyText = textOf(journeyWords.en);

function emailField(t: JourneyText): FormFieldDefinition {
  return {
    name: 'email',
    label: t('resendEmailLabel'),
    placeholder: t('resendEmailPlaceholder'),
    type: 'email',
    inputMode: 'email',
    required: true,
  };
}

export const RESEND_LINK_FIELDS: PartnerConfig['form']['fields'] = [emailField(english)];

/** The form in the partner's button colour and the page's language (English by default). */
export function resendLinkForm(
  buttonColor: PartnerConfig['form']['buttonColor'],
  t: JourneyText = english,
): PartnerConfig['form'] {
  return {
    headerText: t('resendHeader'),
    subtitleHtml: t('resendSubtitle'),
    ctaText: t('resendCta'),
    buttonColor,
    consentText: t('resendConsent'),
    fields: t === english ? RESEND_LINK_FIELDS : [emailField(t)],
  };
}
