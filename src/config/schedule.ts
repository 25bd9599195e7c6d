import type { PartnerConfig, Schedule } from './generated/partner.ts';

/**
 * What the partner files' schedules will change, and when, for the build's log: a campaign page
 * going live or ending, a variant starting or stopping, the offer opening or ending. Only what is still to come at `now`.
 */
export interface ScheduledChange {
  at: number;
  /** The time as the file writes it (with its zone). */
  written: string;
  partnerId: string;
  what: string;
}

function edges(schedule: Schedule | undefined, starts: string, ends: string) {
  return [
    ...(schedule?.start ? [{ written: schedule.start, what: starts }] : []),
    ...(schedule?.end ? [{ written: schedule.end, what: ends }] : []),
  ];
}

export function scheduledChanges(
  partners: readonly PartnerConfig[],
  now: number,
): ScheduledChange[] {
  const changes: ScheduledChange[] = [];
  for (const partner of partners) {
    for (const edge of edges(
      partner.offer.schedule,
      'the offer opens: its signup forms and checkout take visitors',
      'the offer ends: its signup forms give way to a notice and no checkout opens',
    )) {
      changes.push({ ...edge, at: Date.parse(edge.written), partnerId: partner.id });
    }
    for (const [key, page] of Object.entries(partner.pages)) {
      const address = page.slug ? `/${partner.id}/${page.slug}` : `the ${key} page`;
      for (const edge of edges(
        page.schedule,
        `the campaign page "${key}" (${address}) goes live`,
        `the campaign page "${key}" (${address}) ends: its address leads to the landing page`,
      )) {
        changes.push({ ...edge, at: Date.parse(edge.written), partnerId: partner.id });
      }
      for (const variant of page.experiment?.variants ?? []) {
        for (const edge of edges(
          variant.schedule,
          `variant "${variant.id}" of the page "${key}" starts taking visitors`,
          `variant "${variant.id}" of the page "${key}" stops; its visitors see the other versions`,
        )) {
          changes.push({ ...edge, at: Date.parse(edge.written), partnerId: partner.id });
        }
      }
    }
  }
  return changes.filter((change) => change.at > now).sort((a, b) => a.at - b.at);
}

export function scheduleReport(partners: readonly PartnerConfig[], now: number): string[] {
  return scheduledChanges(partners, now).map(
    (change) => `${change.written} ${change.partnerId}: ${change.what}`,
  );
}
