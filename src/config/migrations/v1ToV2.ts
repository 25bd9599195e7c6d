import { dollarTextCents } from '../offer.ts';
import type { Migration } from './migration.ts';

/**
 * v1 -> v2: pages become ordered lists of { id, type, props } whose props hold each block's own
 * content (v1 kept it in top-level blocks named differently from the section types), the
 * claim-offer page becomes a page with an "offer" section, and what several blocks read stays
 * partner-wide: the section and journey backgrounds move to the theme, and the price becomes an
 * offer with the amount charged in cents (v1 derived it from the price text "FREE").
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const object = (value: unknown): Json => (isObject(value) ? value : {});
/** The listed keys of `source` that are present, in that order. */
const pick = (source: Json, keys: readonly string[]): Json =>
  Object.fromEntries(
    keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]),
  );

/** "$75.00" -> 7500; "FREE" -> 0; anything else -> the product's usual 7500. */
export function amountCentsFromPriceText(text: unknown): number {
  const shown = typeof text === 'string' ? text.trim() : '';
  if (shown.toUpperCase() === 'FREE') return 0;
  return dollarTextCents(shown) ?? 7500;
}

const blockIds: Record<string, string> = {
  hero: 'hero',
  eachAssessment: 'each-assessment',
  howItWorks: 'how-it-works',
  retailer: 'retailer',
  testimonials: 'testimonials',
  getTheScan: 'get-the-scan',
  footer: 'footer',
};

function landingBlock(entry: Json, v1: Json): Json {
  const type = String(entry.type);
  const each = object(v1.eachSection);
  const props = ((): Json => {
    switch (type) {
      case 'hero':
        return object(v1.hero);
      case 'eachAssessment':
        return pick(each, ['title', 'bullets', 'bannerImage', 'bannerText']);
      case 'howItWorks':
        return object(v1.dwellWorks);
      case 'retailer':
        return pick(entry, ['title', 'text', 'bullets', 'image']);
      case 'testimonials':
        return { ...pick(object(v1.sayingAbout), ['title']), items: v1.testimonials };
      case 'getTheScan':
        return { ...pick(entry, ['title']), bullets: each.bullets };
      default:
        return {};
    }
  })();
  return { id: blockIds[type] ?? type.toLowerCase(), type, props };
}

export const v1ToV2: Migration = {
  from: 1,
  to: 2,
  summary: 'sections own their content; the claim-offer page is a page; the offer has an amount',
  migrate(v1) {
    const claimOffer = object(v1.claimOffer);
    const theme = {
      ...object(v1.theme),
      ...(object(v1.eachSection).backgroundColor !== undefined && {
        sectionBackground: object(v1.eachSection).backgroundColor,
      }),
      ...(claimOffer.layoutBg !== undefined && { journeyBackground: claimOffer.layoutBg }),
    };
    const priceText = claimOffer.priceText ?? '$75.00';
    const offer = {
      priceText,
      amountCents: amountCentsFromPriceText(priceText),
      currency: 'usd',
      ...pick(claimOffer, ['campaignId']),
    };
    const landing = object(object(v1.pages).landing);
    const sections = Array.isArray(landing.sections) ? landing.sections : [];
    return {
      ...pick(v1, ['$schema']),
      schemaVersion: 2,
      ...pick(v1, ['id', 'name', 'hosts', 'meta', 'branding']),
      theme,
      ...pick(v1, ['form']),
      offer,
      pages: {
        landing: { sections: sections.map((entry) => landingBlock(object(entry), v1)) },
        claimOffer: {
          sections: [
            {
              id: 'offer',
              type: 'offer',
              props: pick(claimOffer, [
                'headerText',
                'offerBadgeText',
                'badgeBgColor',
                'productTitleHtml',
                'disclaimerHtml',
              ]),
            },
          ],
        },
      },
    };
  },
};
