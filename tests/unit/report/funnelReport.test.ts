import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import { buildFunnelReport, formatFunnelReport } from '../../../server/report/funnelReport.ts';
import type { FunnelCounts } from '../../../server/storage/repository.ts';

const root = join(import.meta.dirname, '../../..');
const showcase = JSON.parse(
  readFileSync(join(root, 'partners/showcase.json'), 'utf8'),
) as PartnerConfig;

const row = (variant: string, visitors: number, signups = 0): FunnelCounts => ({
  partnerId: 'showcase',
  pageKey: 'landing',
  variant,
  day: '2026-11-25',
  visitors,
  signups,
  checkouts: 0,
  completed: 0,
  profiles: 0,
});

describe('the funnel report', () => {
  it('lists a weighted version that has no visitor yet, and checks the split against it', () => {
    const report = buildFunnelReport([row('control', 40)], [showcase], 0);
    const page = report.pages[0];
    expect(page?.versions.map((version) => [version.variant, version.visitors])).toEqual([
      ['control', 40],
      ['fewer-falls', 0],
    ]);
    expect(page?.split.expectedShares).toEqual({ control: 0.5, 'fewer-falls': 0.5 });
    // 40 to 0 against 50/50: p = 6e-10.
    expect(page?.split.mismatch).toBe(true);
    expect(formatFunnelReport(report)).toContain('WARNING: the split of visitors does not match');
  });

  it('gives each step as a share of visitors, and the difference from the control', () => {
    const report = buildFunnelReport(
      [row('control', 500, 50), row('fewer-falls', 500, 75)],
      [showcase],
      0,
    );
    const variant = report.pages[0]?.versions[1];
    expect(variant?.steps.signups.rate).toBe(0.15);
    expect(variant?.steps.signups.difference?.value).toBeCloseTo(0.05, 10);
    expect(variant?.steps.signups.difference?.interval.low).toBeGreaterThan(0);
    expect(report.pages[0]?.split.mismatch).toBe(false);
  });

  it("tells the reader of the claim-offer page's test that its visitors mostly signed up before it", () => {
    const claim = (variant: string): FunnelCounts => ({
      ...row(variant, 100),
      pageKey: 'claimOffer',
      checkouts: 60,
    });
    const text = formatFunnelReport(
      buildFunnelReport([claim('control'), claim('whats-included')], [showcase], 0),
    );
    expect(text).toContain('showcase / claimOffer');
    expect(text).toContain('"signed up" counts only visitors who signed up on this page');
    const landingOnly = formatFunnelReport(buildFunnelReport([row('control', 40)], [showcase], 0));
    expect(landingOnly).not.toContain('signed up on this page');
  });
});
