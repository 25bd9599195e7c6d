import { describe, expect, it } from 'vitest';
import { liveVersions, versionPage } from '../../../src/config/experiments.ts';
import { blocksOf } from '../blocks/blocks.ts';
import { addVariant, experimentOf, updateVariantSettings } from './experiments.ts';
import { setBlockOverride, variantAsCopy } from './variantBlocks.ts';
import { hasEnded, isoAt, makeVariantThePage, stopVariant } from './ship.ts';
import { describeChanges } from '../review/changeList.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { studioDemo } from '../../../tests/support/studioDemo.ts';

const { demo, landing, messages: problems } = studioDemo();

/** The demo's landing page testing "warm" (a new hero title) and "calm" (its own blocks). */
function tested(): PartnerDraft {
  let partner = addVariant(demo(), 'landing', 'warm');
  const hero = blocksOf(partner, 'landing')[0];
  if (!hero) throw new Error('the demo has no hero');
  partner = setBlockOverride(partner, 'landing', 0, 'hero', {
    ...hero.props,
    title: 'A warmer welcome home',
  });
  partner = addVariant(partner, 'landing', 'calm', 'copy');
  return partner;
}

const now = Date.parse('2026-11-26T05:45:30Z');

describe('Stop this variant', () => {
  it('writes the moment with its zone, to the second', () => {
    expect(isoAt(now, 'UTC')).toBe('2026-11-26T05:45:30Z');
    expect(isoAt(now, 'America/New_York')).toBe('2026-11-26T00:45:30-05:00');
  });

  it("ends the variant's schedule now: the site stops giving it, the file passes the check", () => {
    const before = tested();
    expect(problems(before)).toEqual([]);
    const after = stopVariant(before, 'landing', 0, now, 'America/New_York');
    const warm = experimentOf(after, 'landing')?.variants[0];
    expect(warm?.schedule).toEqual({ end: '2026-11-26T00:45:30-05:00' });
    expect(warm && hasEnded(warm, now)).toBe(true);
    expect(warm && hasEnded(warm, now - 1000)).toBe(false);
    expect(problems(after)).toEqual([]);
    // Its share goes to the others: the server's live versions at that moment lack it.
    expect(liveVersions(landing(after), now).map((version) => version.id)).toEqual([
      'control',
      'calm',
    ]);
    expect(liveVersions(landing(after), now - 1000).map((version) => version.id)).toContain('warm');
    // Only that variant changed.
    expect(experimentOf(after, 'landing')?.variants[1]).toEqual(
      experimentOf(before, 'landing')?.variants[1],
    );
  });

  it('keeps a start already past (in its zone) and drops one still to come', () => {
    const started = updateVariantSettings(tested(), 'landing', 0, {
      id: 'warm',
      weight: 50,
      schedule: { start: '2026-10-01T09:00:00-04:00' },
    });
    const stopped = stopVariant(started, 'landing', 0, now, 'UTC');
    expect(experimentOf(stopped, 'landing')?.variants[0]?.schedule).toEqual({
      start: '2026-10-01T09:00:00-04:00',
      // Written in the start's zone (New York, daylight saving over by then).
      end: '2026-11-26T00:45:30-05:00',
    });
    const notYet = updateVariantSettings(tested(), 'landing', 0, {
      id: 'warm',
      weight: 50,
      schedule: { start: '2026-12-01T09:00:00Z' },
    });
    const never = stopVariant(notYet, 'landing', 0, now, 'UTC');
    expect(experimentOf(never, 'landing')?.variants[0]?.schedule).toEqual({
      end: '2026-11-26T05:45:30Z',
    });
    expect(problems(never)).toEqual([]);
  });

  it('reads in the review as a stop, with its day', () => {
    const before = tested();
    const after = stopVariant(before, 'landing', 0, now, 'UTC');
    const lines = describeChanges(before, after, now + 1000);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^Home page A\/B test: variant warm stopped on Nov 2[56], 2026, .*; its share goes to the other versions$/,
    );
    // Then the shares as the share bar says them after the stop.
    expect(lines[1]).toMatch(
      /^Home page A\/B test, share of visitors now: the page as written \(control\) 50% now, variant warm ended Nov 2[56], 2026 \(0% now\), variant calm 50% now$/,
    );
  });
});

describe('Make this the page', () => {
  it("applies an overrides variant's changes to the page's blocks and ends the test", () => {
    const before = tested();
    const after = makeVariantThePage(before, 'landing', 0);
    expect(landing(after).experiment).toBeUndefined();
    // The page as the server showed warm's visitors, now the page as written.
    expect(landing(after)).toEqual(versionPage(landing(before), 'warm'));
    expect(landing(after).sections[0]?.props).toMatchObject({ title: 'A warmer welcome home' });
    expect(problems(after)).toEqual([]);
    const lines = describeChanges(before, after, now);
    expect(lines[0]).toBe(
      'Home page: variant warm made the page; its A/B test ends (its results stay in Test results)',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^Home page: Hero .*Title: '.*' → 'A warmer welcome home'$/),
    ]);
  });

  it("gives a variant with its own blocks' list to the page, as a copy", () => {
    let before = tested();
    before = variantAsCopy(before, 'landing', 1);
    const own = experimentOf(before, 'landing')?.variants[1]?.sections ?? [];
    const reordered = [...own.slice(1, 3), own[0], ...own.slice(3)].filter(
      (section) => section !== undefined,
    );
    before = {
      ...before,
      pages: {
        ...before.pages,
        landing: {
          ...landing(before),
          experiment: {
            ...landing(before).experiment,
            variants: landing(before).experiment?.variants.map((variant, at) =>
              at === 1 ? { ...variant, sections: reordered } : variant,
            ),
          },
        },
      },
    } as unknown as PartnerDraft;
    const after = makeVariantThePage(before, 'landing', 1);
    expect(landing(after)).toEqual(versionPage(landing(before), 'calm'));
    expect(landing(after).sections.map((section) => section.id)).toEqual(
      reordered.map((section) => section.id),
    );
    expect(problems(after)).toEqual([]);
    expect(describeChanges(before, after, now)[0]).toBe(
      'Home page: variant calm made the page; its A/B test ends (its results stay in Test results)',
    );
  });

  it('changes nothing for a variant that is not there', () => {
    const partner = tested();
    expect(makeVariantThePage(partner, 'landing', 5)).toBe(partner);
    expect(stopVariant(partner, 'landing', 5, now)).toBe(partner);
  });
});
