import { advertisingAllowed, analyticsAllowed, type ConsentContext } from './consentRule.ts';
import type { PartnerConfig } from './generated/partner.ts';

/**
 * Which analytics and advertising tags a partner's pages load, and under which choice
 * (docs/measurement.md). Written once for the browser (src/services/measurement/), the prerender
 * (the consent notice names them) and the server (each page's Content-Security-Policy allows
 * exactly their hosts).
 */
export interface PartnerTags {
  /** Google Analytics 4 measurement id, loaded with gtag.js. */
  googleTagId?: string;
  /** Google Tag Manager container. */
  tagManagerId?: string;
  /** Meta pixel. */
  metaPixelId?: string;
}

/** The site-wide Google ids (VITE_GA_MEASUREMENT_ID, VITE_GTM_CONTAINER_ID), if any. */
export type SiteWideTags = Pick<PartnerTags, 'googleTagId' | 'tagManagerId'>;

/** The shapes the partner schema and the server's settings check; anything else loads nothing. */
const ID_SHAPES: Record<keyof PartnerTags, RegExp> = {
  googleTagId: /^G-[A-Z0-9]{4,16}$/,
  tagManagerId: /^GTM-[A-Z0-9]{4,12}$/,
  metaPixelId: /^[0-9]{10,20}$/,
};

function valid(tags: PartnerTags): PartnerTags {
  const kept: PartnerTags = {};
  for (const key of Object.keys(ID_SHAPES) as (keyof PartnerTags)[]) {
    const id = tags[key]?.trim();
    if (id && ID_SHAPES[key].test(id)) kept[key] = id;
  }
  return kept;
}

/** The site-wide ids from the build's environment (or the server's), dropping non-ids. */
export function siteWideTags(env: {
  VITE_GA_MEASUREMENT_ID?: string | undefined;
  VITE_GTM_CONTAINER_ID?: string | undefined;
}): SiteWideTags {
  return valid({
    ...(env.VITE_GA_MEASUREMENT_ID ? { googleTagId: env.VITE_GA_MEASUREMENT_ID } : {}),
    ...(env.VITE_GTM_CONTAINER_ID ? { tagManagerId: env.VITE_GTM_CONTAINER_ID } : {}),
  });
}

/**
 * A partner's tags: its own Google ids when it names either (then the site-wide ones are not
 * added: a partner with its own property never feeds the site's), else the site-wide ones; and
 * its own Meta pixel (there is no site-wide pixel).
 */
export function partnerTags(
  measurement: PartnerConfig['measurement'],
  siteWide: SiteWideTags,
): PartnerTags {
  const own = valid(measurement ?? {});
  const google: SiteWideTags =
    own.googleTagId || own.tagManagerId
      ? {
          ...(own.googleTagId ? { googleTagId: own.googleTagId } : {}),
          ...(own.tagManagerId ? { tagManagerId: own.tagManagerId } : {}),
        }
      : siteWide;
  return { ...google, ...(own.metaPixelId ? { metaPixelId: own.metaPixelId } : {}) };
}

export const hasGoogleTag = (tags: PartnerTags) => Boolean(tags.googleTagId ?? tags.tagManagerId);

export const hasAnyTag = (tags: PartnerTags) => hasGoogleTag(tags) || Boolean(tags.metaPixelId);

/**
 * The tags that may load now. Google's (GA4, Tag Manager) when analytics or advertising is
 * allowed: Consent Mode (consentModeState) tells them which. The Meta pixel only when advertising
 * is allowed: it has no analytics-only mode, so it is not loaded at all otherwise.
 */
export function tagsToLoad(tags: PartnerTags, context: ConsentContext): PartnerTags {
  const analytics = analyticsAllowed(context);
  const ads = advertisingAllowed(context);
  return {
    ...(analytics || ads
      ? {
          ...(tags.googleTagId ? { googleTagId: tags.googleTagId } : {}),
          ...(tags.tagManagerId ? { tagManagerId: tags.tagManagerId } : {}),
        }
      : {}),
    ...(ads && tags.metaPixelId ? { metaPixelId: tags.metaPixelId } : {}),
  };
}

export type ConsentModeValue = 'granted' | 'denied';

/** Google Consent Mode v2's four signals. */
export interface ConsentModeState {
  ad_storage: ConsentModeValue;
  ad_user_data: ConsentModeValue;
  ad_personalization: ConsentModeValue;
  analytics_storage: ConsentModeValue;
}

/** Everything denied: the default set before any Google tag loads. */
export const CONSENT_MODE_DEFAULTS: ConsentModeState = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};

/** The Consent Mode signals of a visitor's situation (Global Privacy Control denies the three ad ones). */
export function consentModeState(context: ConsentContext): ConsentModeState {
  const ads = advertisingAllowed(context) ? 'granted' : 'denied';
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: analyticsAllowed(context) ? 'granted' : 'denied',
  };
}
