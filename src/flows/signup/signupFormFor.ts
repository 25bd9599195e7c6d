import type { PartnerConfig } from '../../config/generated/partner.ts';

/**
 * The partner's signup form settings (heading, fields, button, consent): the one place that knows
 * where they live in the partner file. The landing page's signup section, the claim-offer page's
 * email capture and the home profile's describeHome mapping all read them through here.
 */
export function signupFormFor(partner: PartnerConfig): PartnerConfig['form'] {
  return partner.form;
}
