import type { PartnerConfig } from '../../src/config/generated/partner.ts';
import { emailLogoPath, emailLogoSize } from '../../src/config/shareImages.ts';
import { escapeHtml, htmlHead, safeColor, safeUrl } from './escape.ts';
import type { EmailWords } from './emailText.ts';
import { partnerName, translatedText } from '../services/languages.ts';

/**
 * The one frame every email of ours is drawn in (the confirmation with the way back, the scanning
 * instructions): the partner's tint around a white card with its logo, a heading, the email's own
 * paragraphs, the help line, the sign-off, and small print under the card. Tables and inline
 * styles, because that is what mail programs show alike.
 */
export interface EmailFrame {
  partner: PartnerConfig;
  productName: string;
  /** Makes the partner logo's address absolute. */
  publicBaseUrl: string;
  /** A mailto: or https: link for questions (from the site footer); optional. */
  helpHref?: string;
  /** The email's language and its words. */
  words: EmailWords;
  /** The document's title (the subject). */
  title: string;
  heading: string;
  /** The card's own lines between the heading and the help line: HTML, escaped, indented. */
  body: (colors: EmailColors) => string;
  /** The small print under the card: HTML, escaped, indented. */
  below: (colors: EmailColors) => string;
}

export interface EmailColors {
  brand: string;
  tint: string;
}

const DEFAULT_BRAND = '#1F6F78';
export const TEXT_COLOR = '#2F3437';

export function emailColors(partner: PartnerConfig): EmailColors {
  return {
    brand: safeColor(partner.theme.brandColor, DEFAULT_BRAND),
    tint: safeColor(partner.theme.tintColor, '#F4F6F6'),
  };
}

/**
 * "HomeSafe Scan from Lowe's" ("HomeSafe Scan de Lowe's"), or the product alone for the default
 * partner, which is the product itself: "HomeSafe Scan from HomeSafe Scan" reads badly.
 */
export function fromPartner(
  words: EmailWords,
  input: { partner: PartnerConfig; productName: string },
): string {
  return input.partner.name === input.productName
    ? input.productName
    : words.t('email.product.fromPartner', {
        product: input.productName,
        partner: partnerName(input.partner, words.language),
      });
}

/** The logo's alt text in the email's language: the overlay's, else "<name> logo" in it. */
function logoAlt(partner: PartnerConfig, words: EmailWords): string {
  if (words.language === 'en') return partner.branding.logoAlt;
  return (
    translatedText(partner, words.language, ['branding', 'logoAlt']) ??
    words.t('email.logoAlt', { partner: partnerName(partner, words.language) })
  );
}

/** A large button in the brand colour (a table, so Outlook draws it). */
export function emailButton(href: string, label: string, brand: string): string {
  const e = escapeHtml;
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 0 0;">
            <tr><td style="border-radius:8px;background:${brand};">
              <a href="${e(safeUrl(href))}" style="display:inline-block;padding:16px 28px;font-size:20px;font-weight:bold;color:#FFFFFF;text-decoration:none;border-radius:8px;">${e(label)}</a>
            </td></tr>
          </table>`;
}

export function renderEmailFrame(frame: EmailFrame): string {
  const e = escapeHtml;
  const { t, language } = frame.words;
  const colors = emailColors(frame.partner);
  const { brand, tint } = colors;
  // The PNG drawn from the partner's SVG logo at build (tools/images/): Gmail, Outlook and most
  // mail programs do not show SVG.
  const logoUrl = safeUrl(`${frame.publicBaseUrl}${emailLogoPath(frame.partner.id)}`);
  const logoHeight = Math.round((160 * emailLogoSize.height) / emailLogoSize.width);
  const help = frame.helpHref
    ? `<p style="margin:24px 0 0 0;font-size:18px;line-height:1.5;">${e(t('email.help'))} <a href="${e(safeUrl(frame.helpHref))}" style="color:${brand};">${e(frame.helpHref.replace(/^mailto:/i, ''))}</a></p>`
    : '';
  return `${htmlHead(frame.title, language)}
</head>
<body style="margin:0;padding:0;background:${tint};font-family:Arial, Helvetica, sans-serif;color:${TEXT_COLOR};">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${tint};">
    <tr><td align="center" style="padding:24px 12px;">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#FFFFFF;border-radius:12px;">
        <tr><td style="padding:28px 28px 8px 28px;">
          <img src="${e(logoUrl)}" alt="${e(logoAlt(frame.partner, frame.words))}" width="160" height="${logoHeight}" style="display:block;max-width:160px;height:auto;border:0;">
        </td></tr>
        <tr><td style="padding:8px 28px 28px 28px;">
          <h1 style="margin:16px 0 12px 0;font-size:26px;line-height:1.3;color:${brand};">${e(frame.heading)}</h1>
${frame.body(colors)}
          ${help}
          <p style="margin:24px 0 0 0;font-size:18px;line-height:1.5;">${e(t('email.signOff'))}<br>${e(t('email.team', { product: frame.productName, partner: partnerName(frame.partner, language) }))}</p>
        </td></tr>
      </table>
${frame.below(colors)}
    </td></tr>
  </table>
</body>
</html>
`;
}
