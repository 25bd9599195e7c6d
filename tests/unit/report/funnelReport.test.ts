import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import { buildFunnelReport, formatFunnelReport } from '../../../server/report/funnelReport.ts';
import type { FunnelCounts, SplitCounts } from '../../../server/storage/repository.ts';

const must = <T>(value: T | undefined): T => {
  if (value === undefined) throw new Error('the showcase runs a test on its landing page');
  return value;
};

const root = join(import.meta.dirname, '../../..');
const showcase = JSON.parse(
  readFileSync(join(root, 'partners/showcase.json'), 'utf8'),
) as PartnerConfig;

const row = (variant: string, visitors: number, signups = 0): FunnelCounts => ({
  partnerId: 'showcase',
  pageKey: 'landing',
  test: '',
  variant,
  day: '2026-11-25',
  visitors,
  signups,
  checkouts: 0,
  completed: 0,
  profiles: 0,
});

/** The split check's rows for funnel rows, all assigned under one set of weights (or none). */
const splitOf = (rows: FunnelCounts[], weightsKey: string | null = 'control:50,fewer-falls:50') =>
  rows.map((funnel): SplitCounts => ({
    partnerId: funnel.partnerId,
    pageKey: funnel.pageKey,
    test: funnel.test,
    weightsKey,
    variant: funnel.variant,
    visitors: funnel.visitors,
  }));
const report = (rows: FunnelCounts[], split = splitOf(rows)) =>
  buildFunnelReport(rows, split, [showcase], 0);

describe('the funnel report', () => {
  it('lists a weighted version that has no visitor yet, and checks the split against it', () => {
    const built = report([row('control', 40)]);
    const page = built.pages[0];
    expect(page?.versions.map((version) => [version.variant, version.visitors])).toEqual([
      ['control', 40],
      ['fewer-falls', 0],
    ]);
    expect(page?.split.expectedShares).toEqual({ control: 0.5, 'fewer-falls': 0.5 });
    // 40 to 0 against 50/50: p = 6e-10.
    expect(page?.split.mismatch).toBe(true);
    expect(page?.split.test).toBe('pearson');
    expect(formatFunnelReport(built)).toContain('WARNING: The split of visitors does not match');
  });

  it('gives each step as a share of visitors, and the difference from the control', () => {
    const built = report([row('control', 500, 50), row('fewer-falls', 500, 75)]);
    const variant = built.pages[0]?.versions[1];
    expect(variant?.steps.signups.rate).toBe(0.15);
    expect(variant?.steps.signups.difference?.value).toBeCloseTo(0.05, 10);
    expect(variant?.steps.signups.difference?.interval.low).toBeGreaterThan(0);
    expect(built.pages[0]?.split.mismatch).toBe(false);
  });

  it("tells the reader of the claim-offer page's test that its visitors mostly signed up before it", () => {
    const claim = (variant: string): FunnelCounts => ({
      ...row(variant, 100),
      pageKey: 'claimOffer',
      checkouts: 60,
    });
    const text = formatFunnelReport(report([claim('control'), claim('whats-included')], []));
    expect(text).toContain('showcase / claimOffer');
    expect(text).toContain('"signed up" counts only visitors who signed up on this page');
    const landingOnly = formatFunnelReport(report([row('control', 40)]));
    expect(landingOnly).not.toContain('signed up on this page');
  });

  it('expects each version from the weights it was live under: an ended variant raises no alarm', () => {
    // The case: control 30 and a running variant 70 all along, and an ended variant of 50
    // that took its share only while it ran. Judged by today's weights (30/70/50) this split
    // looked impossible (p ≈ 1e-66); judged by what each visitor was assigned under, it is right.
    const rows = [row('control', 0), row('fewer-falls', 0), row('ended', 0)];
    const split: SplitCounts[] = [
      {
        partnerId: 'showcase',
        pageKey: 'landing',
        test: '',
        weightsKey: 'control:30,ended:50,fewer-falls:70',
        variant: 'control',
        visitors: 300,
      },
      {
        partnerId: 'showcase',
        pageKey: 'landing',
        test: '',
        weightsKey: 'control:30,ended:50,fewer-falls:70',
        variant: 'fewer-falls',
        visitors: 700,
      },
      {
        partnerId: 'showcase',
        pageKey: 'landing',
        test: '',
        weightsKey: 'control:30,ended:50,fewer-falls:70',
        variant: 'ended',
        visitors: 500,
      },
      {
        partnerId: 'showcase',
        pageKey: 'landing',
        test: '',
        weightsKey: 'control:30,fewer-falls:70',
        variant: 'control',
        visitors: 450,
      },
      {
        partnerId: 'showcase',
        pageKey: 'landing',
        test: '',
        weightsKey: 'control:30,fewer-falls:70',
        variant: 'fewer-falls',
        visitors: 1050,
      },
    ];
    const page = report(rows, split).pages[0];
    expect(page?.split.mismatch).toBe(false);
    expect(page?.split.test).toBe('wald');
    expect(page?.split.basis).toBe('recorded');
    expect(page?.split.weightSets).toBe(2);
    expect(page?.split.expected).toEqual({ control: 750, ended: 500, 'fewer-falls': 1750 });
    // A third of the variant's rows lost: flagged.
    const dropped = split.map((entry) =>
      entry.variant === 'fewer-falls'
        ? { ...entry, visitors: Math.round(entry.visitors * (2 / 3)) }
        : entry,
    );
    expect(report(rows, dropped).pages[0]?.split.mismatch).toBe(true);
  });

  it("checks visitors from before the weights were recorded against today's file, and says so", () => {
    const rows = [row('control', 500), row('fewer-falls', 480)];
    const legacy = report(rows, splitOf(rows, null)).pages[0]?.split;
    expect(legacy).toMatchObject({
      basis: 'fileWeights',
      unrecordedVisitors: 980,
      mismatch: false,
    });
    expect(legacy?.sentence).toContain('the weights in the file today are assumed');
    const mixed = report(rows, [...splitOf(rows, null), ...splitOf(rows)]).pages[0]?.split;
    expect(mixed).toMatchObject({ basis: 'mixed', unrecordedVisitors: 980, weightSets: 2 });
  });

  it('gives each variant an anytime interval, a Holm-corrected verdict and a sentence', () => {
    const built = report([row('control', 3000, 300), row('fewer-falls', 3000, 420)]);
    const signups = built.pages[0]?.versions[1]?.steps.signups;
    const anytime = signups?.anytime;
    expect(anytime?.verdict).toBe('ahead');
    expect(anytime?.sentence).toMatch(
      /^fewer-falls: \+4\.0 points signups \(95% anytime interval \+\d\.\d to \+\d\.\d\): ahead$/,
    );
    // Wider than the fixed interval: the price of looking every day.
    const fixed = signups?.difference?.interval;
    expect((anytime?.interval.high ?? 0) - (anytime?.interval.low ?? 0)).toBeGreaterThan(
      (fixed?.high ?? 0) - (fixed?.low ?? 0),
    );
    // Four steps compared; a step no one reached is no evidence either way.
    expect(built.pages[0]?.comparisons).toBe(4);
    expect(anytime?.adjustedPValue).toBeGreaterThanOrEqual(anytime?.pValue ?? 1);
    const checkouts = built.pages[0]?.versions[1]?.steps.checkouts.anytime;
    expect(checkouts?.verdict).toBe('noDifference');

    const early = report([row('control', 200, 20), row('fewer-falls', 200, 24)]);
    const unsure = early.pages[0]?.versions[1]?.steps.signups.anytime;
    expect(unsure?.verdict).toBe('notEnoughData');
    expect(unsure?.moreVisitors).toBeGreaterThan(1000);
    expect(unsure?.sentence).toMatch(
      /: not enough data yet: about [\d,]+ more visitors per version for a 2-point difference$/,
    );
    expect(formatFunnelReport(early)).toContain('Verdicts (anytime intervals, Holm-corrected');
  });

  it("counts the test the file runs on the page now, not an earlier test's visitors", () => {
    // The showcase's landing test without a seed ('' in the rows), then a seeded test of the same
    // versions: a returning visitor is in both, and each test's split stands alone.
    const earlier = [row('control', 900, 90), row('fewer-falls', 100, 10)];
    const later = [row('control', 500, 40), row('fewer-falls', 500, 80)].map((entry) => ({
      ...entry,
      test: '2:spring-2027-headline',
      day: '2026-12-01',
    }));
    const seeded: PartnerConfig = {
      ...showcase,
      pages: {
        ...showcase.pages,
        landing: {
          ...showcase.pages.landing,
          experiment: {
            ...must(showcase.pages.landing.experiment),
            seed: 'spring-2027-headline',
            hashVersion: 2,
          },
        },
      },
    };
    const rows = [...earlier, ...later];
    const split = [...splitOf(earlier), ...splitOf(later)];
    const now = buildFunnelReport(rows, split, [seeded], 0).pages[0];
    expect(now?.versions.map((version) => [version.variant, version.visitors])).toEqual([
      ['control', 500],
      ['fewer-falls', 500],
    ]);
    expect(now?.split.expected).toEqual({ control: 500, 'fewer-falls': 500 });
    expect(now?.split.mismatch).toBe(false);
    // The file without its seed runs the earlier test again: its rows are counted.
    const before = buildFunnelReport(rows, split, [showcase], 0).pages[0];
    expect(before?.versions.map((version) => version.visitors)).toEqual([900, 100]);
    expect(before?.split.mismatch).toBe(true);
    // A test taken out of the file: the one whose visitors came last.
    const plain = { ...showcase.pages.landing };
    delete plain.experiment;
    const ended: PartnerConfig = { ...showcase, pages: { ...showcase.pages, landing: plain } };
    const last = buildFunnelReport(rows, split, [ended], 0).pages[0];
    expect(last?.versions.map((version) => version.visitors)).toEqual([500, 500]);
  });
});
