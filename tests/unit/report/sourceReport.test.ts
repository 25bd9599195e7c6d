import { describe, expect, it } from 'vitest';
import { channelKey, channelOf } from '../../../server/attribution/channel.ts';
import { storedAttribution } from '../../../server/attribution/stored.ts';
import { parseReportArgs } from '../../../server/report-cli.ts';
import { anytimeRate, sequentialHalfWidth } from '../../../server/report/sequential.ts';
import {
  buildSourceReport,
  DIRECT_OR_UNKNOWN,
  formatSourceReport,
} from '../../../server/report/sourceReport.ts';
import { wilsonInterval } from '../../../server/report/stats.ts';
import type { SourceCounts } from '../../../server/storage/repository.ts';

/** The report by source, from counts to JSON and text (server/report/sourceReport.ts). */
describe('the channel a touch is counted under', () => {
  it('takes the partner’s tagging first, then the click id, then the referring site', () => {
    expect(
      channelOf({ utm_source: 'Newsletter', utm_medium: 'Email', utm_campaign: 'Spring' }),
    ).toEqual({ source: 'newsletter', medium: 'email', campaign: 'Spring' });
    // A source of the partner's is never mixed with a guess from the click id.
    expect(channelOf({ utm_source: 'newsletter', gclid: 'abc' })).toEqual({
      source: 'newsletter',
      medium: null,
      campaign: null,
    });
    expect(channelOf({ gclid: 'abc', utm_campaign: 'brand' })).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'brand',
    });
    expect(channelOf({ msclkid: 'x' })).toMatchObject({ source: 'bing', medium: 'cpc' });
    expect(channelOf({ fbclid: 'x' })).toMatchObject({ source: 'facebook', medium: 'social' });
    expect(channelOf({ referrerHost: 'www.google.co.uk' })).toMatchObject({
      source: 'google',
      medium: 'organic',
    });
    expect(channelOf({ referrerHost: 'mail.google.com' })).toMatchObject({
      source: 'mail.google.com',
      medium: 'referral',
    });
    expect(channelOf({ referrerHost: 'www.carecharity.example' })).toMatchObject({
      source: 'carecharity.example',
      medium: 'referral',
    });
    expect(channelKey(channelOf({ landingPage: '/demo', at: '2026-11-02T09:30:00.000Z' }))).toBe(
      null,
    );
    expect(channelKey(channelOf(undefined))).toBe(null);
  });

  it('is stored for each touch beside the touches', () => {
    expect(
      storedAttribution({ first: { gclid: 'a' }, last: { utm_source: 'newsletter' } }),
    ).toMatchObject({
      firstChannel: '["google","cpc",null]',
      lastChannel: '["newsletter",null,null]',
    });
  });
});

describe('the anytime interval of one rate', () => {
  it('holds the Wilson interval, narrows with more signups and stays within 0 and 1', () => {
    const rate = { successes: 30, trials: 100 };
    const anytime = anytimeRate(rate);
    const fixed = wilsonInterval(30, 100);
    expect(anytime?.low).toBeLessThan(fixed?.low ?? 0);
    expect(anytime?.high).toBeGreaterThan(fixed?.high ?? 1);
    const more = anytimeRate({ successes: 300, trials: 1000 });
    expect((more?.high ?? 1) - (more?.low ?? 0)).toBeLessThan(
      (anytime?.high ?? 1) - (anytime?.low ?? 0),
    );
    // The same confidence sequence as the differences', over the rate's own standard error.
    const shrunk = 30.5 / 101;
    expect(anytime?.high).toBeCloseTo(
      0.3 + sequentialHalfWidth(Math.sqrt((shrunk * (1 - shrunk)) / 100), 100),
      12,
    );
    expect(anytimeRate({ successes: 0, trials: 3 })).toMatchObject({ low: 0 });
    expect(anytimeRate({ successes: 0, trials: 3 })?.high).toBeGreaterThan(0);
    expect(anytimeRate({ successes: 0, trials: 0 })).toBeUndefined();
  });
});

const counts = (
  partnerId: string,
  channel: string | null,
  signups: number,
  converted: number,
  orders: number,
  cents = 0,
): SourceCounts => ({
  partnerId,
  channel,
  signups,
  converted,
  orders,
  revenue: orders > 0 ? [{ currency: 'usd', amountCents: cents }] : [],
});

describe('the report by source', () => {
  const report = buildSourceReport(
    [
      counts('demo', '["google","organic",null]', 1, 0, 0),
      counts('demo', '["newsletter","email","spring"]', 4, 3, 4, 30000),
      counts(
        'showcase',
        '["a-very-long-source-name-for-a-partner","paid-social","autumn-campaign-2026"]',
        12345,
        6789,
        7000,
        123456789,
      ),
    ],
    'last',
  );

  it('has a "Direct or unknown" row for every partner, and sorts by signups', () => {
    expect(report.rows.map((row) => [row.partnerId, row.label, row.signups])).toEqual([
      ['demo', 'newsletter / email / spring', 4],
      ['demo', 'google / organic / (none)', 1],
      ['demo', DIRECT_OR_UNKNOWN, 0],
      [
        'showcase',
        'a-very-long-source-name-for-a-partner / paid-social / autumn-campaign-2026',
        12345,
      ],
      ['showcase', DIRECT_OR_UNKNOWN, 0],
    ]);
    expect(report.rows[0]?.conversion).toEqual({
      rate: 0.75,
      interval: wilsonInterval(3, 4),
      anytime: anytimeRate({ successes: 3, trials: 4 }),
    });
    expect(report.rows[2]?.conversion).toEqual({ rate: null, interval: null, anytime: null });
  });

  it('reads in an 80-column terminal, however long a label or a number', () => {
    const text = formatSourceReport(report);
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(text).toContain('newsletter / email / spring');
    expect(text).toMatch(/newsletter \/ email \/ spring\s+4\s+4\s+\$300\.00/);
    expect(text).toContain('3/4 converted: 75.0%');
    expect(text).toContain('a-very-long-source-name-for-a-partner /…');
    expect(text).toContain('$1,234,567.89');
    expect(formatSourceReport({ touch: 'first', rows: [] })).toContain('no signup yet');
  });
});

describe('npm run report', () => {
  it('takes --touch first or last, last by default', () => {
    expect(parseReportArgs([])).toEqual({ json: false, touch: 'last' });
    expect(parseReportArgs(['--touch', 'first', '--json', '--partner', 'demo'])).toEqual({
      json: true,
      touch: 'first',
      partner: 'demo',
    });
    expect(() => parseReportArgs(['--touch', 'middle'])).toThrow(/first or last/);
    expect(() => parseReportArgs(['--touch'])).toThrow(/first or last/);
  });
});
