import type { FormFieldDefinition, PartnerConfig } from '../../config/generated/partner.ts';

/**
 * The "send me my link again" form: one email field, drawn by the signup form's component so it
 * looks and behaves like the signup (labels, inline messages, focus, the pending button). Its
 * schema is fixed, so the build compiles one validator for it (tools/vite-plugin-validators.ts).
 */
const EMAIL_FIELD: FormFieldDefinition = {
  name: 'email',
  label: 'Email address',
  placeholder: 'you@example.com',
  type: 'email',
  inputMode: 'email',
  required: true,
};

export const RESEND_LINK_FIELDS: PartnerConfig['form']['fields'] = [EMAIL_FIELD];

/** The form in the partner's button colour. */
export function resendLinkForm(
  buttonColor: PartnerConfig['form']['buttonColor'],
): PartnerConfig['form'] {
  return {
    headerText: 'Send me my link again',
    subtitleHtml:
      'Enter the email address you used when you paid or claimed your scan. We will email you a new link to create your home profile.',
    ctaText: 'Email me a new link',
    buttonColor,
    consentText:
      'We only send a link if this address has a scan waiting for its home profile. Links sent before keep working until they run out.',
    fields: RESEND_LINK_FIELDS,
  };
}
