import type { OfferProps, OfferBlock, PartnerConfig } from './generated/partner.ts';

/** Spec §2 claim-offer defaults, overridden by the partner's offer block and offer settings. */
export const claimOfferDefaults = {
  headerText: 'Get a Virtual Home Safety Assessment',
  offerBadgeText: 'Exclusive Limited-Time Offer:',
  productTitleHtml: 'Virtual Home Safety Scan',
  priceText: '$75.00',
  disclaimerHtml: (product: string) =>
    `By continuing, I acknowledge that this home safety scan is provided solely by ${product}.`,
} as const;

export interface ClaimOffer {
  headerText: string;
  offerBadgeText: string;
  productTitleHtml: string;
  priceText: string;
  /** What the offer includes (the block's check list); empty when the block lists nothing. */
  includedItems: readonly string[];
  disclaimerHtml: string;
  badgeBgColor: string | undefined;
  layoutBg: string | undefined;
}

/** The claim-offer page's offer block (a partner file has exactly one; partners:check says so). */
export function offerBlockOf(partner: PartnerConfig): OfferBlock | undefined {
  return partner.pages.claimOffer.sections.find(
    (section): section is OfferBlock => section.type === 'offer',
  );
}

/**
 * The offer as one offer block shows it (the claim-offer page's, or a campaign page's own): the
 * block's settings, else the spec's defaults; the price is always the partner's, which is charged.
 */
export function offerFor(props: OfferProps, partner: PartnerConfig, product: string): ClaimOffer {
  return {
    headerText: props.headerText ?? claimOfferDefaults.headerText,
    offerBadgeText: props.offerBadgeText ?? claimOfferDefaults.offerBadgeText,
    productTitleHtml: props.productTitleHtml ?? claimOfferDefaults.productTitleHtml,
    priceText: partner.offer.priceText,
    includedItems: props.includedItems ?? [],
    disclaimerHtml: props.disclaimerHtml ?? claimOfferDefaults.disclaimerHtml(product),
    badgeBgColor: props.badgeBgColor,
    layoutBg: partner.theme.journeyBackground,
  };
}

/** The claim-offer page's offer (the steps after it show its product title and background). */
export function claimOfferFor(partner: PartnerConfig, product: string): ClaimOffer {
  return offerFor(offerBlockOf(partner)?.props ?? {}, partner, product);
}

/**
 * A free offer is claimed, not paid: its process step confirms the claim without a payment form.
 * The amount decides (the server charges it too), never the price text.
 */
export function isFreeOffer(partner: PartnerConfig): boolean {
  return partner.offer.amountCents === 0;
}

export type AppEnvironment = 'dev' | 'prod';

/**
 * The partner's campaign for this environment, else "default". Informational: the server charges
 * the campaign of its own copy of the partner file (falling back to the default partner's).
 */
export function campaignIdFor(partner: PartnerConfig, environment: AppEnvironment): string {
  return partner.offer.campaignId?.[environment] ?? 'default';
}

/** "$75.00" -> 7500, "$5" -> 500; undefined for any text that is not a plain dollar amount. */
export function dollarTextCents(text: string): number | undefined {
  const match = /^\$\s*(\d{1,7})(?:\.(\d{2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number(match[2] ?? '0') : undefined;
}

/**
 * Whether the partner's offer can be claimed at `now` (its `offer.schedule`, start included, end
 * excluded): open, not open yet (with the day it opens), or ended (with the day it ended). The days
 * are read as the file writes them, in the partner's own zone, so every visitor and the server
 * name the same day.
 */
export type OfferState =
  | { kind: 'open'; changesAt?: number }
  | { kind: 'upcoming'; day: string; changesAt: number }
  | { kind: 'ended'; day: string };

/** "2027-03-31T23:59:00-05:00" -> that day at 00:00 UTC: the date part, as written. */
export function offerDayTime(isoTime: string): number {
  const [year, month, day] = isoTime.slice(0, 10).split('-').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
}

/** "2027-03-31T23:59:00-05:00" -> "March 31, 2027": the date part, as written. */
export function offerDay(isoTime: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    offerDayTime(isoTime),
  );
}

export function offerState(partner: PartnerConfig, now: number): OfferState {
  const { start, end } = partner.offer.schedule ?? {};
  const startsAt = start === undefined ? undefined : Date.parse(start);
  const endsAt = end === undefined ? undefined : Date.parse(end);
  if (start !== undefined && startsAt !== undefined && now < startsAt)
    return { kind: 'upcoming', day: offerDay(start), changesAt: startsAt };
  if (end !== undefined && endsAt !== undefined && now >= endsAt)
    return { kind: 'ended', day: offerDay(end) };
  return endsAt === undefined ? { kind: 'open' } : { kind: 'open', changesAt: endsAt };
}

/** The sentence for a visitor (and the server's refusal) when the offer cannot be claimed. */
export function offerClosedText(state: Exclude<OfferState, { kind: 'open' }>): string {
  return state.kind === 'upcoming'
    ? `This offer opens on ${state.day}.`
    : `This offer ended on ${state.day}.`;
}
