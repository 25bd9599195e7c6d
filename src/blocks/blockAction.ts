import type { BlockAction, Page, PartnerConfig } from '../config/generated/partner.ts';
import { usePartnerPaths } from '../partner/usePartnerPaths.ts';

/**
 * Where a block's button leads (imageText's button, ctaBanner's action). "scrollToForm" is an
 * in-page anchor when the page has its own signup form (signupFormBlockOf), else the landing
 * page at its form; "page" opens another page of the partner by its key under "pages". The
 * partner check refuses keys that name no page, so the landing-page fallback below only guards
 * against a file that skipped the check.
 */
export interface PartnerPathsLike {
  landing: string;
  signupForm: string;
  claimOffer: string;
}

/**
 * The page's signup form, where "scroll to the form" buttons and the hero lead: its first
 * getTheScan block, or its offer block, which holds the form beside the price.
 */
export function signupFormBlockOf(page: Page) {
  return page.sections.find((section) => section.type === 'getTheScan' || section.type === 'offer');
}

export function blockActionHref(
  action: BlockAction,
  page: Page,
  partner: PartnerConfig,
  paths: PartnerPathsLike,
): string {
  // "/" for a host-selected (or the default) partner, "/acme" otherwise: pages hang below it.
  const base = paths.landing === '/' ? '' : paths.landing;
  if ('scrollToForm' in action) {
    const here = signupFormBlockOf(page);
    if (here) return `#${here.id}`;
    const landingForm = signupFormBlockOf(partner.pages.landing);
    return landingForm ? `${base}/#${landingForm.id}` : paths.signupForm;
  }
  if (action.page === 'landing') return paths.landing;
  if (action.page === 'claimOffer') return paths.claimOffer;
  const slug = partner.pages[action.page]?.slug;
  return slug ? `${base}/${slug}` : paths.landing;
}

export function useBlockActionHref(
  action: BlockAction,
  page: Page,
  partner: PartnerConfig,
): string {
  return blockActionHref(action, page, partner, usePartnerPaths());
}
