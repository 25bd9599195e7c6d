import type { CSSProperties } from 'react';
import type { PartnerConfig } from '../config/generated/partner.ts';

/**
 * The partner's colours as CSS custom properties. Components never read the partner file for
 * colours; they use the tokens in styles/tokens.css, which derive from these.
 */
export function partnerThemeStyle(partner: PartnerConfig): CSSProperties {
  return {
    '--partner-text': partner.theme.textColor,
    '--partner-brand': partner.theme.brandColor,
    '--partner-tint': partner.theme.tintColor,
    '--partner-cta': partner.form.buttonColor,
    '--partner-section-bg': partner.theme.sectionBackground,
  };
}
