import { claimOfferFor } from './offer.ts';
import { fillPartnerText, withDefaults } from './dynamicText.ts';
import type { HeroBlock, PartnerConfig } from './generated/partner.ts';
import type { SiteConfig } from './generated/site.ts';
import type { SharePage } from './shareImages.ts';

/** What a share card shows: the one place that knows where it lives in the partner file. */
export interface ShareCardContent {
  partnerName: string;
  /** Public paths of the partner's SVG artwork (its logo again when it has no hero). */
  logoSrc: string;
  pictureSrc: string;
  /** The card's headline, plain text. */
  title: string;
  /** The offer on the claim-offer card: its badge text and price. */
  offer: { badge: string; price: string } | undefined;
  brandColor: string;
  textColor: string;
  tintColor: string;
  /** The card's description for people who cannot see it (og:image:alt). */
  alt: string;
}

export function shareCardContent(
  source: PartnerConfig,
  site: SiteConfig,
  page: SharePage,
): ShareCardContent {
  // A card is drawn once, for everybody: URL-driven copy shows its defaults.
  const partner = fillPartnerText(source, withDefaults);
  const offer = claimOfferFor(partner, site.product);
  // The landing page's hero: its title and picture stand for the partner on every card.
  const hero = partner.pages.landing.sections.find(
    (section): section is HeroBlock => section.type === 'hero',
  )?.props;
  const title = page === 'landing' && hero ? hero.title : offer.headerText;
  const shownOffer =
    page === 'claimOffer' ? { badge: offer.offerBadgeText, price: offer.priceText } : undefined;
  return {
    partnerName: partner.name,
    logoSrc: partner.branding.logoSrc,
    pictureSrc: hero?.desktopBg ?? partner.branding.logoSrc,
    title,
    offer: shownOffer,
    brandColor: partner.theme.brandColor,
    textColor: partner.theme.textColor,
    tintColor: partner.theme.tintColor,
    alt: `${partner.branding.logoAlt}: ${title}${shownOffer ? `. ${shownOffer.badge} ${shownOffer.price}` : ''}`,
  };
}
