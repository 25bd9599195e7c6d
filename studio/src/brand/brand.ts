import { pointerOf } from '../diff/pointers.ts';
import { placeSteps } from '../places/placeWords.ts';
import type { Json } from '../schema/json.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { isHexColor, matchesBrand } from './tints.ts';

/**
 * The partner's brand in one place: which backgrounds follow the brand color, setting them to a
 * tint in one edit, and the pictures the partner still shares with the partner it was copied from.
 */

/** The theme's light backgrounds, which a tint of the brand color sets together. */
export const backgroundFields = ['tintColor', 'sectionBackground', 'journeyBackground'] as const;
type BackgroundField = (typeof backgroundFields)[number];

const backgroundWords: Record<BackgroundField, string> = {
  tintColor: 'the hero and cards',
  sectionBackground: 'tinted blocks',
  journeyBackground: 'the claim-offer pages',
};

export interface Background {
  field: BackgroundField;
  /** What it colors, in words: "the hero and cards". */
  words: string;
  value: string;
}

/** The backgrounds the partner sets (the claim-offer pages' only when it has one). */
export function backgroundsOf(partner: PartnerDraft): Background[] {
  const theme = partner.theme;
  return backgroundFields.flatMap((field) => {
    const value = theme[field];
    return isHexColor(value) ? [{ field, words: backgroundWords[field], value }] : [];
  });
}

/** The backgrounds that do not go with the brand color (the demo's lavender behind a green). */
export function unmatchedBackgrounds(partner: PartnerDraft): Background[] {
  const brand = partner.theme.brandColor;
  if (!isHexColor(brand)) return [];
  return backgroundsOf(partner).filter((background) => !matchesBrand(background.value, brand));
}

/** The partner with every background it sets (see {@link backgroundsOf}) turned to `tint`. */
export function withBackgrounds(partner: PartnerDraft, tint: string): PartnerDraft {
  const theme = { ...partner.theme };
  for (const { field } of backgroundsOf(partner)) theme[field] = tint;
  return { ...partner, theme };
}

/** A picture the partner shows from another partner's folder. */
export interface SharedPicture {
  /** Where the file names it: "/branding/logoSrc". */
  pointer: string;
  /** "/partners/demo/logo.2x.webp" */
  path: string;
  /** The partner whose folder it is in: "demo". */
  owner: string;
  /** The field in words: "Logo", "Home page, Hero (hero), desktop background". */
  place: string;
}

const otherFolder = /^\/partners\/([a-z0-9-]+)\/[^/]+\.(?:svg|png|jpe?g|webp|avif)$/;

/** The place of a pointer in words, the outside first: "Home page, Hero (hero), Desktop picture". */
export function placeWords(pointer: string, partner: PartnerDraft): string {
  const words = placeSteps(pointer, partner)
    .map((step) => step.words)
    .filter((part) => part !== '');
  const text = words.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Every picture the partner still takes from another partner's folder: a partner made from the
 * demo keeps the demo's logo, hero, banners and avatars until each is replaced. Pictures in its
 * own folder (/partners/{id}/) are its own.
 */
export function sharedPictures(partner: PartnerDraft, id: string): SharedPicture[] {
  const found: SharedPicture[] = [];
  const walk = (value: Json | undefined, parts: string[]) => {
    if (typeof value === 'string') {
      const owner = otherFolder.exec(value)?.[1];
      if (owner && owner !== id) {
        const pointer = pointerOf(parts);
        found.push({ pointer, path: value, owner, place: placeWords(pointer, partner) });
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...parts, String(index)]));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...parts, key]);
    }
  };
  walk(partner, []);
  return found;
}
