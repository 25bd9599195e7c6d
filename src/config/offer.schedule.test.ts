import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from './generated/partner.ts';
import { offerClosedText, offerDay, offerState } from './offer.ts';
import { scheduleReport } from './schedule.ts';

/*
 * A limited-time offer (offer.schedule): open from its start (included) until its end (excluded),
 * walked edge by edge with a fake clock. The days are the ones the file writes, whatever the zone
 * of the visitor or the server.
 */
const root = join(import.meta.dirname, '../..');
const demo = JSON.parse(readFileSync(join(root, 'partners/demo.json'), 'utf8')) as PartnerConfig;

const start = '2026-12-01T09:00:00-05:00';
const end = '2027-03-31T23:59:00-05:00'; // 04:59 on April 1st in UTC
const at = (iso: string, deltaMs = 0) => Date.parse(iso) + deltaMs;
const withSchedule = (
  schedule: NonNullable<PartnerConfig['offer']['schedule']>,
): PartnerConfig => ({
  ...demo,
  offer: { ...demo.offer, schedule },
});

describe("a limited-time offer's dates", () => {
  const partner = withSchedule({ start, end });

  it('is not open yet until its start, open from the start, and ended from the end on', () => {
    expect(offerState(partner, at(start, -1))).toEqual({
      kind: 'upcoming',
      day: 'December 1, 2026',
      changesAt: at(start),
    });
    expect(offerState(partner, at(start))).toEqual({ kind: 'open', changesAt: at(end) });
    expect(offerState(partner, at(end, -1))).toEqual({ kind: 'open', changesAt: at(end) });
    expect(offerState(partner, at(end))).toEqual({ kind: 'ended', day: 'March 31, 2027' });
  });

  it('is always open without dates, and open until the end with an end only', () => {
    expect(offerState(demo, 0)).toEqual({ kind: 'open' });
    expect(offerState(withSchedule({ end }), at(end, -1)).kind).toBe('open');
    expect(offerState(withSchedule({ start }), at(start) + 1e12)).toEqual({ kind: 'open' });
  });

  it("names the day as the file writes it, not the reader's or UTC's", () => {
    expect(offerDay('2027-03-31T23:59:00-05:00')).toBe('March 31, 2027');
    expect(offerDay('2027-04-01T00:30:00+14:00')).toBe('April 1, 2027');
    expect(offerClosedText({ kind: 'ended', day: 'March 31, 2027' })).toBe(
      'This offer ended on March 31, 2027.',
    );
    expect(
      offerClosedText({ kind: 'upcoming', day: 'December 1, 2026', changesAt: at(start) }),
    ).toBe('This offer opens on December 1, 2026.');
  });

  it("is in the build's log of coming changes", () => {
    expect(scheduleReport([partner], at(start, -1))).toEqual([
      `${start} demo: the offer opens: its signup forms and checkout take visitors`,
      `${end} demo: the offer ends: its signup forms give way to a notice and no checkout opens`,
    ]);
    expect(scheduleReport([partner], at(end))).toEqual([]);
  });
});
