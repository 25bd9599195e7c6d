import { changeVariant, pageCopy, experimentOf, withExperiment } from './experiments.ts';
import { withBlocks } from '../blocks/blocks.ts';
import { formatOffset, offsetAt, zoneFor, browserZone, commonZones } from '../forms/zonedTime.ts';
import type { PartnerDraft, VariantDraft } from '../schema/partnerTypes.ts';

/**
 * Ending a test in one step, as ordinary draft edits (undo works, the review lists them):
 * stopping a variant (its schedule ends now, so the site stops giving it and its share goes to
 * the other versions) and making a variant the page (its blocks become the page's, the test ends).
 */

/** The moment as the file writes it, to the second, in the zone's offset at that moment. */
export function isoAt(epochMs: number, zone: string): string {
  const offset = offsetAt(zone, epochMs);
  const wall = new Date(Math.floor(epochMs / 1000) * 1000 + offset * 60_000)
    .toISOString()
    .slice(0, 19);
  return `${wall}${zone === 'UTC' ? 'Z' : formatOffset(offset)}`;
}

/** Whether the variant has stopped taking visitors at `now` (its schedule has ended). */
export function hasEnded(variant: VariantDraft, now: number): boolean {
  const end = variant.schedule?.end;
  return end !== undefined && Date.parse(end) <= now;
}

/**
 * The variant stops at `now`: its schedule's end is set to now (written in its start's zone, else
 * the computer's). A start not yet reached (or not before now) goes: it never took visitors, and
 * an end before the start is refused by the checker.
 */
export function stopVariant(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
  now: number,
  zone: string = browserZone(),
): PartnerDraft {
  return changeVariant(partner, pageKey, index, (variant) => {
    const start = variant.schedule?.start;
    const written = isoAt(
      now,
      (start && zoneFor(start, [...commonZones.map((entry) => entry.zone), zone])) ?? zone,
    );
    const keepStart = start !== undefined && Date.parse(start) < Date.parse(written);
    return { ...variant, schedule: { ...(keepStart ? { start } : {}), end: written } };
  });
}

/**
 * The variant's blocks become the page's (its own list, or the page's blocks with its changes
 * applied, block ids kept) and the test ends: the experiment leaves the page, so every visitor,
 * old cookie or not, gets the page as written. The report keeps the test's results: it reads the
 * visitors' assignments from the database, not the file (server/report/funnelReport.ts).
 */
export function makeVariantThePage(
  partner: PartnerDraft,
  pageKey: string,
  index: number,
): PartnerDraft {
  const experiment = experimentOf(partner, pageKey);
  const variant = experiment?.variants[index];
  if (!experiment || !variant) return partner;
  const sections = variant.sections
    ? structuredClone(variant.sections)
    : pageCopy(partner, pageKey, variant);
  return withExperiment(withBlocks(partner, pageKey, sections), pageKey, undefined);
}
