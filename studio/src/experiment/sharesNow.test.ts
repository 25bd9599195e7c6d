import { describe, expect, it } from 'vitest';
import { shareOnCard, sharesNow, timeUntil } from './sharesNow.ts';

const now = Date.parse('2026-11-17T15:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('each version’s share at a moment', () => {
  it('says a variant that has not started gets nothing yet, and gives its share to the others', () => {
    const shares = sharesNow(
      {
        controlWeight: 50,
        variants: [{ id: 'warm', weight: 50, schedule: { start: '2026-12-01T09:00:00-06:00' } }],
      },
      now,
    );
    expect(shares.map((share) => share.words)).toEqual(['100% now', 'starts in 14 days (0% now)']);
    expect(shares.map((share) => share.now)).toEqual([1, 0]);
    // The share by weight is still there, for the weights' own readout.
    expect(shares.map((share) => share.share)).toEqual([0.5, 0.5]);
    expect(shares[1] && shareOnCard(shares[1])).toBe('starts in 14 days (0% now)');
    expect(shares[0] && shareOnCard(shares[0])).toBe('100% of visitors now');
  });

  it('says the day a variant ended, in the zone asked for', () => {
    const shares = sharesNow(
      {
        controlWeight: 60,
        variants: [
          { id: 'calm', weight: 20, schedule: { end: '2026-11-03T04:30:00Z' } },
          { id: 'warm', weight: 20, schedule: { start: '2026-11-01T00:00:00Z' } },
        ],
      },
      now,
      'America/New_York',
    );
    expect(shares.map((share) => share.words)).toEqual([
      '75% now',
      'ended Nov 2, 2026 (0% now)',
      '25% now',
    ]);
  });

  it('keeps the plain share of versions without a schedule', () => {
    const shares = sharesNow({ controlWeight: 70, variants: [{ id: 'a', weight: 30 }] }, now);
    expect(shares.map((share) => share.words)).toEqual(['70%', '30%']);
    expect(shares[1] && shareOnCard(shares[1])).toBe('30% of visitors');
  });

  it('rounds the time to a start to days, hours or minutes', () => {
    expect(timeUntil(14 * day)).toBe('14 days');
    expect(timeUntil(13.6 * day)).toBe('14 days');
    expect(timeUntil(30 * 60 * 60 * 1000)).toBe('30 hours');
    expect(timeUntil(90 * 60 * 1000)).toBe('90 minutes');
    expect(timeUntil(10_000)).toBe('1 minute');
  });
});
