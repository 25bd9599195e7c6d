import { isLive } from '../../../src/config/experiments.ts';
import { formatShare, versionShares, type VersionShare } from './shares.ts';
import { momentInWords } from '../forms/zonedTime.ts';
import type { ExperimentDraft, VariantDraft } from '../schema/partnerTypes.ts';

/**
 * Each version's share as the site gives it at a moment: a variant outside its schedule gets no
 * visitors ("starts in 14 days (0% now)", "ended Mar 3, 2026 (0% now)") and its share goes to
 * the live versions ("100% now"), as the site's own split does (src/config/experiments.ts).
 */
export interface ShareNow extends VersionShare {
  /** The share (0 to 1) at that moment. */
  now: number;
  /** The share in words: "50%", "100% now", "starts in 14 days (0% now)". */
  words: string;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "14 days", "5 hours", "20 minutes": how long until a moment, rounded. */
export function timeUntil(ms: number): string {
  const [count, unit] =
    ms >= 2 * day
      ? [Math.round(ms / day), 'day']
      : ms >= 2 * hour
        ? [Math.round(ms / hour), 'hour']
        : [Math.max(1, Math.round(ms / minute)), 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "Mar 3, 2026": a day as people read it, in the computer's time zone (or `zone`). */
const dayWords = (epochMs: number, zone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: zone }).format(epochMs);

export function sharesNow(
  experiment: ExperimentDraft | undefined,
  now: number,
  zone?: string,
): ShareNow[] {
  const shares = versionShares(experiment);
  const schedules = [undefined, ...(experiment?.variants ?? []).map((variant) => variant.schedule)];
  const live = shares.map((version, index) => isLive(schedules[index], now));
  const liveWeight = shares.reduce(
    (sum, version, index) => sum + (live[index] ? version.weight : 0),
    0,
  );
  return shares.map((version, index) => {
    const share = live[index] && liveWeight > 0 ? version.weight / liveWeight : 0;
    const schedule = schedules[index];
    const start = schedule?.start === undefined ? Number.NaN : Date.parse(schedule.start);
    const end = schedule?.end === undefined ? Number.NaN : Date.parse(schedule.end);
    const words =
      start > now
        ? `starts in ${timeUntil(start - now)} (0% now)`
        : end <= now
          ? `ended ${dayWords(end, zone)} (0% now)`
          : Math.abs(share - version.share) > 0.0005
            ? `${formatShare(share)} now`
            : formatShare(version.share);
    return { ...version, now: share, words };
  });
}

/** On a variant's card: "50% of visitors", "75% of visitors now", "starts in 14 days (0% now)". */
export function shareOnCard(share: ShareNow): string {
  if (share.words.endsWith('(0% now)')) return share.words;
  return share.words.endsWith(' now')
    ? `${share.words.slice(0, -' now'.length)} of visitors now`
    : `${share.words} of visitors`;
}

/**
 * One version's share as the share bar says it now ("33.3%", "50% now", "starts in 20 hours (0%
 * now)"), then the share its weight gives it while every version runs, when that differs, and its
 * schedule: "starts in 20 hours (0% now), 33.3% once it runs; from Nov 29, 2026, 10:00 AM". The
 * review and the sign-off file say each version's share this way.
 */
export function shareAndSchedule(
  share: ShareNow,
  schedule: VariantDraft['schedule'],
  isControl: boolean,
): string {
  const byWeight = formatShare(share.share);
  const later =
    share.words === byWeight
      ? `${byWeight} of visitors`
      : `${share.words}, ${byWeight} ${isControl ? 'while every version runs' : 'once it runs'}`;
  const { start, end } = schedule ?? {};
  const when =
    start && end
      ? `; from ${momentInWords(start)} until ${momentInWords(end)}`
      : start
        ? `; from ${momentInWords(start)}`
        : end
          ? `; until ${momentInWords(end)}`
          : '';
  return `${later}${when}`;
}
