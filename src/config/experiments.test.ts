import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, PartnerConfig } from './generated/partner.ts';
import {
  assignVersion,
  CONTROL,
  isLive,
  liveVersions,
  pageVersions,
  partnerForVersion,
  versionPage,
  withoutExperiments,
} from './experiments.ts';
import { scheduleReport } from './schedule.ts';

const root = join(import.meta.dirname, '../..');
const demo = JSON.parse(readFileSync(join(root, 'partners/demo.json'), 'utf8')) as PartnerConfig;

const start = '2026-12-01T09:00:00-05:00'; // 14:00 UTC
const end = '2026-12-08T09:00:00-05:00';
const at = (iso: string, deltaMs = 0) => Date.parse(iso) + deltaMs;

function pageWith(experiment: Page['experiment']): Page {
  return { ...demo.pages.landing, experiment };
}

const visitors = Array.from({ length: 20_000 }, (_, n) => `visitor-${n}`);
const split = (page: Page, now: number) => {
  const counts: Record<string, number> = {};
  const versions = liveVersions(page, now);
  const chosen = visitors.map((visitor) => assignVersion(visitor, 'demo/landing', versions));
  for (const version of chosen) counts[version] = (counts[version] ?? 0) + 1;
  return { counts, chosen };
};

describe('versions of a page', () => {
  it('puts visitors in versions as the weights say, the same way every time', () => {
    const page = pageWith({
      controlWeight: 50,
      variants: [
        { id: 'b', weight: 30, overrides: { hero: { title: 'B' } } },
        { id: 'c', weight: 20, overrides: { hero: { title: 'C' } } },
      ],
    });
    const { counts, chosen } = split(page, at(start));
    // 20,000 visitors: each share within 1.5 points of its weight (over 4 standard deviations).
    expect((counts.control ?? 0) / 20_000).toBeCloseTo(0.5, 1);
    expect(Math.abs((counts.b ?? 0) / 20_000 - 0.3)).toBeLessThan(0.015);
    expect(Math.abs((counts.c ?? 0) / 20_000 - 0.2)).toBeLessThan(0.015);
    expect(split(page, at(start)).chosen).toEqual(chosen);
  });

  it('draws each page on its own: a visitor in B on one page is not in B everywhere', () => {
    const versions = pageVersions(
      pageWith({ variants: [{ id: 'b', weight: 50, overrides: { hero: { title: 'B' } } }] }),
    );
    const landing = visitors.map((visitor) => assignVersion(visitor, 'demo/landing', versions));
    const campaign = visitors.map((visitor) => assignVersion(visitor, 'demo/spring', versions));
    const same = landing.filter((version, n) => version === campaign[n]).length / visitors.length;
    expect(same).toBeGreaterThan(0.47);
    expect(same).toBeLessThan(0.53);
  });

  it('runs a variant from its start (included) to its end (excluded), and gives its share to the others, moving nobody else', () => {
    const page = pageWith({
      controlWeight: 50,
      variants: [
        { id: 'b', weight: 25, overrides: { hero: { title: 'B' } } },
        { id: 'late', weight: 25, schedule: { start, end }, overrides: { hero: { title: 'L' } } },
      ],
    });
    const ids = (now: number) => liveVersions(page, now).map((version) => version.id);
    expect(ids(at(start, -1))).toEqual([CONTROL, 'b']);
    expect(ids(at(start))).toEqual([CONTROL, 'b', 'late']);
    expect(ids(at(end, -1))).toEqual([CONTROL, 'b', 'late']);
    expect(ids(at(end))).toEqual([CONTROL, 'b']);

    const during = split(page, at(start)).chosen;
    const after = split(page, at(end));
    // The variant's visitors went to the others by weight (2:1); everybody else kept theirs.
    expect(after.counts.late).toBeUndefined();
    during.forEach((version, n) => {
      if (version !== 'late') expect(after.chosen[n]).toBe(version);
    });
    expect(Math.abs((after.counts.control ?? 0) / 20_000 - 2 / 3)).toBeLessThan(0.015);
  });

  it('shows the control when nothing else is live, or every weight is 0', () => {
    const page = pageWith({
      controlWeight: 0,
      variants: [
        { id: 'b', weight: 10, schedule: { end: start }, overrides: { hero: { title: 'B' } } },
      ],
    });
    expect(liveVersions(page, at(start))).toEqual([{ id: CONTROL, weight: 1 }]);
    expect(isLive(undefined, 0)).toBe(true);
  });

  it("applies a variant's overrides to the named sections only, and its own sections whole", () => {
    const page = pageWith({
      variants: [
        { id: 'b', weight: 1, overrides: { hero: { title: 'Fewer falls at home' } } },
        { id: 'short', weight: 1, sections: [demo.pages.landing.sections[0]!] },
      ],
    });
    const b = versionPage(page, 'b');
    expect(b.experiment).toBeUndefined();
    expect(b.sections[0]?.props).toMatchObject({ title: 'Fewer falls at home' });
    expect(b.sections[0]?.props).toMatchObject({
      ctaText: (demo.pages.landing.sections[0]?.props as { ctaText: string }).ctaText,
    });
    expect(b.sections.slice(1)).toEqual(demo.pages.landing.sections.slice(1));
    expect(versionPage(page, 'short').sections).toHaveLength(1);
    expect(versionPage(page, CONTROL).sections).toEqual(demo.pages.landing.sections);
    expect(() => versionPage(page, 'missing')).toThrow('The page has no variant "missing"');
  });

  it('gives the browser a partner without experiments or the cookie setting', () => {
    const partner: PartnerConfig = {
      ...demo,
      experimentCookie: true,
      pages: {
        ...demo.pages,
        landing: pageWith({
          variants: [{ id: 'b', weight: 1, overrides: { hero: { title: 'B' } } }],
        }),
      },
    };
    expect(JSON.stringify(withoutExperiments(partner))).not.toMatch(/experiment/);
    const forB = partnerForVersion(partner, 'landing', 'b');
    expect(JSON.stringify(forB)).not.toMatch(/experiment/);
    expect(forB.pages.landing.sections[0]?.props).toMatchObject({ title: 'B' });
  });
});

describe('what the schedules will change, for the build log', () => {
  it('lists the coming changes in time order, and none that are past', () => {
    const partner: PartnerConfig = {
      ...demo,
      pages: {
        ...demo.pages,
        landing: pageWith({
          variants: [
            { id: 'b', weight: 1, schedule: { end }, overrides: { hero: { title: 'B' } } },
          ],
        }),
        winter: {
          slug: 'winter-offer',
          schedule: { start, end: '2025-01-01T00:00:00Z' },
          sections: demo.pages.landing.sections,
        },
      },
    };
    expect(scheduleReport([partner], at(start, -1))).toEqual([
      `${start} demo: the campaign page "winter" (/demo/winter-offer) goes live`,
      `${end} demo: variant "b" of the page "landing" stops; its visitors see the other versions`,
    ]);
    expect(scheduleReport([partner], at(end))).toEqual([]);
  });
});
