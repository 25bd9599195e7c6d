import { afterEach, describe, expect, it, vi } from 'vitest';
import { versionPage } from '../../../src/config/experiments.ts';
import {
  move,
  newBlockDraft,
  blocksOf,
  withAdded,
  withDuplicate,
  withRemoved,
  withBlocks,
} from '../blocks/blocks.ts';
import {
  addVariant,
  experimentOf,
  formatShare,
  pageCopy,
  removeVariant,
  setControlWeight,
  updateVariantSettings,
  variantBlockProps,
  versionShares,
  withExperiment,
} from './experiments.ts';
import {
  clearBlockOverride,
  dropOverrides,
  lostInCopy,
  setBlockOverride,
  setVariantBlocks,
  variantAsCopy,
} from './variantBlocks.ts';
import { dailySeries, fetchReport, formatDay, type PageResult } from '../results/report.ts';
import type { PartnerDraft } from '../schema/partnerTypes.ts';
import { describeMoment, splitIso, zoneFor, zonedToIso } from '../forms/zonedTime.ts';
import { studioDemo } from '../../../tests/support/studioDemo.ts';
import { textsIn, withTranslation } from '../translations/translationEdits.ts';

/** The draft's Spanish texts of its pages, by page and block id. */
const spanishOf = (partner: PartnerDraft) =>
  (partner.translations?.es?.pages ?? {}) as Record<string, Record<string, unknown> | undefined>;

const { demo, landing, messages, workspace } = studioDemo();

describe('Studio experiment edits', () => {
  it('gives a new test its own seed (hash version 2), kept while it runs, and a later test another', () => {
    let partner = addVariant(demo(), 'landing', 'b', 'overrides', 'landing-first');
    partner = addVariant(partner, 'landing', 'c', 'overrides', 'landing-unused');
    expect(experimentOf(partner, 'landing')).toMatchObject({
      seed: 'landing-first',
      hashVersion: 2,
      variants: [{ id: 'b' }, { id: 'c' }],
    });
    partner = removeVariant(removeVariant(partner, 'landing', 1), 'landing', 0);
    expect(experimentOf(partner, 'landing')).toBeUndefined();
    const later = experimentOf(addVariant(partner, 'landing', 'b'), 'landing')?.seed;
    const another = experimentOf(addVariant(partner, 'landing', 'b'), 'landing')?.seed;
    expect(later).toMatch(/^landing-[a-z0-9]{8}$/);
    expect(later).not.toBe('landing-first');
    expect(another).not.toBe(later);
  });

  it('adds a variant that the checker explains until a block of it changes, then passes', () => {
    let partner = addVariant(demo(), 'landing', 'short-hero');
    expect(experimentOf(partner, 'landing')).toEqual({
      controlWeight: 50,
      seed: expect.stringMatching(/^landing-[a-z0-9]{8}$/),
      hashVersion: 2,
      variants: [{ id: 'short-hero', weight: 50 }],
    });
    expect(messages(partner)).toEqual([
      expect.stringContaining(
        'this variant shows nothing new yet: change a setting of one of its blocks ("overrides"), or give it a list of blocks of its own ("sections")',
      ),
    ]);

    // The form hands over every setting of the block; only the changed one is written.
    const hero = blocksOf(partner, 'landing')[0];
    const variant = experimentOf(partner, 'landing')?.variants[0];
    if (!hero || !variant) throw new Error('demo has a hero, and the page now a variant');
    const shown = variantBlockProps(hero, variant);
    partner = setBlockOverride(partner, 'landing', 0, 'hero', {
      ...shown,
      title: 'Safer stairs by Friday',
    });
    expect(experimentOf(partner, 'landing')?.variants[0]?.overrides).toEqual({
      hero: { title: 'Safer stairs by Friday' },
    });
    expect(messages(partner)).toEqual([]);
    expect(versionPage(landing(partner), 'short-hero').sections[0]?.props).toMatchObject({
      ...hero.props,
      title: 'Safer stairs by Friday',
    });
    // The control is the page as written.
    expect(versionPage(landing(partner), 'control').sections[0]?.props).toEqual(hero.props);
  });

  it('forgets a setting put back as the page has it, and a block with no change left', () => {
    let partner = addVariant(demo(), 'landing', 'b');
    const hero = blocksOf(partner, 'landing')[0];
    if (!hero) throw new Error('demo has a hero');
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { ...hero.props, title: 'New' });
    partner = setBlockOverride(partner, 'landing', 0, 'get-the-scan', { title: 'Get it now' });
    expect(Object.keys(experimentOf(partner, 'landing')?.variants[0]?.overrides ?? {})).toEqual([
      'hero',
      'get-the-scan',
    ]);
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { ...hero.props });
    expect(experimentOf(partner, 'landing')?.variants[0]?.overrides).toEqual({
      'get-the-scan': { title: 'Get it now' },
    });
    partner = clearBlockOverride(partner, 'landing', 0, 'get-the-scan');
    expect(experimentOf(partner, 'landing')?.variants[0]).toEqual({ id: 'b', weight: 50 });
  });

  it('writes settings in the file order, leaves out an emptied note and schedule, removes the last variant with its experiment', () => {
    let partner = addVariant(demo(), 'landing', 'b');
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { title: 'New' });
    partner = updateVariantSettings(partner, 'landing', 0, {
      id: 'b',
      weight: 30,
      note: 'Tries a shorter title',
      schedule: { start: '2026-12-01T09:00:00-05:00' },
    });
    expect(JSON.stringify(experimentOf(partner, 'landing')?.variants[0])).toBe(
      '{"id":"b","weight":30,"note":"Tries a shorter title","schedule":{"start":"2026-12-01T09:00:00-05:00"},"overrides":{"hero":{"title":"New"}}}',
    );
    partner = updateVariantSettings(partner, 'landing', 0, {
      id: 'b',
      weight: 30,
      note: '',
      schedule: {},
    });
    expect(experimentOf(partner, 'landing')?.variants[0]).toEqual({
      id: 'b',
      weight: 30,
      overrides: { hero: { title: 'New' } },
    });
    expect(messages(partner)).toEqual([]);
    partner = removeVariant(partner, 'landing', 0);
    expect('experiment' in landing(partner)).toBe(false);
    expect(messages(partner)).toEqual([]);
  });

  it('gives each version its share of visitors by weight', () => {
    let partner = addVariant(demo(), 'landing', 'b');
    partner = setControlWeight(partner, 'landing', 70);
    partner = updateVariantSettings(partner, 'landing', 0, { id: 'b', weight: 30 });
    expect(versionShares(experimentOf(partner, 'landing')).map((v) => [v.id, v.share])).toEqual([
      ['control', 0.7],
      ['b', 0.3],
    ]);
    partner = addVariant(partner, 'landing', 'c');
    partner = updateVariantSettings(partner, 'landing', 1, { id: 'c', weight: 0 });
    expect(
      versionShares(experimentOf(partner, 'landing')).map((v) => formatShare(v.share)),
    ).toEqual(['70%', '30%', '0% (paused)']);
    expect(formatShare(1 / 3)).toBe('33.3%');
    // No experiment: everybody sees the page.
    expect(versionShares(undefined)).toEqual([{ id: 'control', weight: 1, share: 1 }]);
  });
});

describe('Studio variants with their own blocks', () => {
  const ownBlocks = (partner: PartnerDraft, index = 0) => {
    const sections = experimentOf(partner, 'landing')?.variants[index]?.sections;
    if (!sections) throw new Error('the variant has its own sections');
    return sections;
  };

  it('starts a variant as a deep copy of the page, ids kept, that the checker passes and the page does not share', () => {
    const partner = addVariant(demo(), 'landing', 'whole-page', 'copy');
    const page = blocksOf(partner, 'landing');
    expect(experimentOf(partner, 'landing')).toEqual({
      controlWeight: 50,
      seed: expect.any(String),
      hashVersion: 2,
      variants: [{ id: 'whole-page', weight: 50, sections: page }],
    });
    const copy = ownBlocks(partner);
    expect(copy.map((section) => section.id)).toEqual(page.map((section) => section.id));
    expect(messages(partner)).toEqual([]);
    // The version the site builds shows the copy.
    expect(versionPage(landing(partner), 'whole-page').sections).toEqual(copy);
    // Nothing is shared: a change deep in the copy leaves the page as it was.
    expect(copy[0]).not.toBe(page[0]);
    expect(copy[0]?.props).not.toBe(page[0]?.props);
    const bullets = copy.find((section) => section.id === 'get-the-scan')?.props.bullets;
    expect(Array.isArray(bullets)).toBe(true);
    (bullets as string[]).push('only in the copy');
    expect(
      blocksOf(partner, 'landing').find((section) => section.id === 'get-the-scan')?.props.bullets,
    ).not.toContain('only in the copy');
  });

  it('makes an overrides variant a full copy with its changes applied, as the site showed it', () => {
    let partner = addVariant(demo(), 'landing', 'short-hero');
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { title: 'Safer stairs by Friday' });
    partner = updateVariantSettings(partner, 'landing', 0, {
      id: 'short-hero',
      weight: 30,
      note: 'Shorter',
      schedule: { start: '2026-12-01T09:00:00-05:00' },
    });
    const shownBefore = versionPage(landing(partner), 'short-hero').sections;
    expect(lostInCopy(partner, 'landing', experimentOf(partner, 'landing')!.variants[0]!)).toEqual(
      [],
    );
    partner = variantAsCopy(partner, 'landing', 0);
    const variant = experimentOf(partner, 'landing')?.variants[0];
    expect(variant?.overrides).toBeUndefined();
    expect(variant?.sections).toEqual(shownBefore);
    expect(variant?.sections?.[0]?.props.title).toBe('Safer stairs by Friday');
    // Settings first, then the blocks, as in the other variants of the file.
    expect(Object.keys(variant ?? {})).toEqual(['id', 'weight', 'note', 'schedule', 'sections']);
    expect(versionPage(landing(partner), 'short-hero').sections).toEqual(shownBefore);
    expect(messages(partner)).toEqual([]);
    // The page itself keeps its own title.
    expect(blocksOf(partner, 'landing')[0]?.props.title).not.toBe('Safer stairs by Friday');
  });

  it('names the changes a copy would drop: those of blocks the page no longer has', () => {
    let partner = addVariant(demo(), 'landing', 'b');
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { title: 'New' });
    partner = setBlockOverride(partner, 'landing', 0, 'testimonials', { title: 'Neighbours say' });
    // The page loses its testimonials: the variant's change to them has nowhere to go.
    const at = blocksOf(partner, 'landing').findIndex((section) => section.id === 'testimonials');
    partner = withBlocks(partner, 'landing', withRemoved(blocksOf(partner, 'landing'), at));
    // Its texts in Spanish go with it (else the check refuses them as never shown).
    expect(Object.keys(spanishOf(partner).landing ?? {})).not.toContain('testimonials');
    expect(Object.keys(spanishOf(partner).landing ?? {})).toContain('hero');
    const variant = experimentOf(partner, 'landing')!.variants[0]!;
    expect(lostInCopy(partner, 'landing', variant)).toEqual(['testimonials']);
    partner = variantAsCopy(partner, 'landing', 0);
    expect(ownBlocks(partner).map((section) => section.id)).not.toContain('testimonials');
    expect(ownBlocks(partner)[0]?.props.title).toBe('New');
    expect(messages(partner)).toEqual([]);
  });

  it('adds, moves, duplicates and removes a variant’s own blocks; the checker reads the list', () => {
    let partner = addVariant(demo(), 'landing', 'whole-page', 'copy');
    const page = blocksOf(partner, 'landing');
    let own = ownBlocks(partner);
    // A new block avoids the ids of the page's blocks too: it is not one of the control's.
    own = withRemoved(
      own,
      own.findIndex((section) => section.id === 'get-the-scan'),
    );
    // Not "get-the-scan", though the variant has none now: that is the control's block.
    const added = newBlockDraft(partner, 'landing', 'getTheScan', [...own, ...page]);
    expect(added.id).toBe('get-the-scan-2');
    own = withAdded(own, added);
    expect(own.at(-1)?.type).toBe('footer');
    expect(own.at(-2)?.id).toBe('get-the-scan-2');
    own = move(own, own.length - 2, 0);
    own = withDuplicate(own, 0, page);
    expect(own.slice(0, 2).map((section) => section.id)).toEqual([
      'get-the-scan-2',
      'get-the-scan-3',
    ]);
    own = withRemoved(own, 1);
    partner = setVariantBlocks(partner, 'landing', 0, own);
    // The page's blocks in their order, its signup block replaced by the new one, moved first
    // (whatever blocks the demo's page holds: a new one placed on it changes nothing here).
    expect(ownBlocks(partner).map((section) => section.id)).toEqual([
      'get-the-scan-2',
      ...page.map((section) => section.id).filter((id) => id !== 'get-the-scan'),
    ]);
    expect(page.map((section) => section.id)).toContain('get-the-scan');
    expect(versionPage(landing(partner), 'whole-page').sections[0]?.id).toBe('get-the-scan-2');
    // Demo offers Spanish, and the page has no block of that id to lend its Spanish texts: the
    // check asks for each of the new block's texts, which the studio's Spanish fields then give.
    const spanish = textsIn(partner, 'es', '/pages/landing/experiment/variants/0/sections/0/props');
    expect(spanish.map((text) => text.english)).toContain(added.props.title);
    expect(messages(partner)).toEqual(
      spanish.map(
        (text) =>
          `this text has no Spanish translation; the pages in Spanish need it at ${text.translation}`,
      ),
    );
    for (const text of spanish)
      partner = withTranslation(partner, text.translation, `En español: ${text.english}`);
    expect(messages(partner)).toEqual([]);
    // The page's own list is untouched by all this.
    expect(blocksOf(partner, 'landing')).toEqual(page);

    // Two blocks of one name in the variant: the checker points at the variant's list.
    partner = setVariantBlocks(partner, 'landing', 0, [
      own[0]!,
      { ...own[1]!, id: 'get-the-scan-2' },
    ]);
    expect(
      workspace()
        .check('demo', partner)
        .some((problem) =>
          problem.pointer.startsWith('/pages/landing/experiment/variants/0/sections/'),
        ),
    ).toBe(true);
    // An overrides variant has no list of its own to set.
    const plain = addVariant(demo(), 'landing', 'b');
    expect(setVariantBlocks(plain, 'landing', 0, own)).toBe(plain);
  });

  it('lets a variant with both lists keep its own blocks only', () => {
    let partner = addVariant(demo(), 'landing', 'both', 'copy');
    const current = experimentOf(partner, 'landing')!;
    partner = withExperiment(partner, 'landing', {
      ...current,
      variants: [{ ...current.variants[0]!, overrides: { hero: { title: 'x' } } }],
    });
    expect(messages(partner)).toEqual([expect.stringContaining('not both')]);
    partner = dropOverrides(partner, 'landing', 0);
    expect(experimentOf(partner, 'landing')?.variants[0]?.overrides).toBeUndefined();
    expect(messages(partner)).toEqual([]);
  });

  it('copies the page with a variant’s overrides applied, as the site merges them', () => {
    let partner = addVariant(demo(), 'landing', 'b');
    partner = setBlockOverride(partner, 'landing', 0, 'hero', { title: 'New' });
    const variant = experimentOf(partner, 'landing')!.variants[0]!;
    expect(pageCopy(partner, 'landing', variant)).toEqual(
      versionPage(landing(partner), 'b').sections,
    );
    expect(pageCopy(partner, 'landing')).toEqual(blocksOf(partner, 'landing'));
  });
});

describe('Studio results day by day', () => {
  const step = (count: number, visitors: number) => ({
    count,
    rate: visitors > 0 ? count / visitors : null,
    interval: null,
  });
  const steps = (visitors: number, signups: number) => ({
    signups: step(signups, visitors),
    checkouts: step(0, visitors),
    completed: step(0, visitors),
    profiles: step(0, visitors),
  });
  const page: PageResult = {
    partnerId: 'demo',
    pageKey: 'landing',
    versions: [
      {
        variant: 'control',
        weight: 50,
        visitors: 300,
        steps: steps(300, 30),
        days: [
          { day: '2026-05-02', visitors: 100, steps: steps(100, 12) },
          { day: '2026-05-01', visitors: 200, steps: steps(200, 18) },
        ],
      },
      {
        variant: 'b',
        weight: 50,
        visitors: 150,
        steps: steps(150, 20),
        days: [
          { day: '2026-05-03', visitors: 50, steps: steps(50, 5) },
          { day: '2026-05-01', visitors: 100, steps: steps(100, 15) },
        ],
      },
    ],
    split: {
      pValue: 0.5,
      mismatch: false,
      expectedShares: { control: 0.5, b: 0.5 },
      expected: { control: 225, b: 225 },
      test: 'pearson',
      basis: 'recorded',
      weightSets: 1,
      unrecordedVisitors: 0,
      sentence: 'The split matches the weights the visitors were given under.',
    },
    comparisons: 4,
  };

  it('puts every version on the same days, in order, with a gap where it had no visitors', () => {
    const signups = dailySeries(page, 'signups');
    expect(signups.days).toEqual(['2026-05-01', '2026-05-02', '2026-05-03']);
    expect(signups.versions.map((version) => version.variant)).toEqual(['control', 'b']);
    expect(signups.versions[0]?.points).toEqual([
      { visitors: 200, count: 18, value: 0.09 },
      { visitors: 100, count: 12, value: 0.12 },
      null,
    ]);
    expect(signups.versions[1]?.points).toEqual([
      { visitors: 100, count: 15, value: 0.15 },
      null,
      { visitors: 50, count: 5, value: 0.1 },
    ]);
    expect(dailySeries(page, 'visitors').versions[1]?.points.map((p) => p?.value ?? null)).toEqual([
      100,
      null,
      50,
    ]);
    // A page whose report has no day yet: nothing to chart.
    expect(
      dailySeries({ ...page, versions: page.versions.map((v) => ({ ...v, days: [] })) }, 'signups'),
    ).toEqual({
      days: [],
      versions: [
        { variant: 'control', points: [] },
        { variant: 'b', points: [] },
      ],
    });
  });

  it('names the days in UTC, whatever the zone', () => {
    expect(formatDay('2026-05-04')).toBe('May 4');
    expect(formatDay('2026-05-04', true)).toBe('Mon, May 4, 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });
});

describe('Studio schedule times', () => {
  it("writes a wall-clock time with the place's offset on that day", () => {
    expect(zonedToIso('2026-12-01T09:00', 'America/New_York')).toBe('2026-12-01T09:00:00-05:00');
    expect(zonedToIso('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T09:00:00-04:00');
    expect(zonedToIso('2026-07-01T09:00', 'America/Phoenix')).toBe('2026-07-01T09:00:00-07:00');
    expect(zonedToIso('2026-07-01T09:00', 'UTC')).toBe('2026-07-01T09:00:00Z');
    // Just after the clocks go forward (2 a.m. on 8 March 2026 in New York).
    expect(zonedToIso('2026-03-08T03:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    expect(zonedToIso('2026-03-08T01:30', 'America/New_York')).toBe('2026-03-08T01:30:00-05:00');
  });

  it('reads a time from the file back as a place, or as its fixed offset', () => {
    const places = ['America/Chicago', 'America/New_York'];
    expect(zoneFor('2026-07-01T09:00:00-04:00', places)).toBe('America/New_York');
    expect(zoneFor('2026-12-01T09:00:00-05:00', places)).toBe('America/New_York');
    expect(zoneFor('2026-12-01T09:00:00-06:00', places)).toBe('America/Chicago');
    // New York is never -04:00 in December.
    expect(zoneFor('2026-12-01T09:00:00-04:00', places)).toBe('fixed:-04:00');
    expect(zoneFor('2026-12-01T09:00:00Z', places)).toBe('UTC');
    expect(splitIso('2026-12-01 09:00')).toBeUndefined();
    expect(describeMoment('2026-12-01T09:00:00-05:00', 'America/New_York')).toBe(
      'Dec 1, 2026, 9:00 AM in US Eastern (New York), which is Dec 1, 2026, 2:00 PM UTC',
    );
  });
});

describe('Studio report request', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        expect(url).toBe('/api/report?partner=demo');
        return new Response(body === undefined ? '' : JSON.stringify(body), { status });
      }),
    );

  it('tells an API that is not running from one that refuses, and reads a report', async () => {
    // The studio's proxy answers 502 when nothing listens on the API's port.
    answer(502, undefined);
    await expect(fetchReport('demo')).resolves.toMatchObject({ kind: 'down' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(fetchReport('demo')).resolves.toEqual({ kind: 'down', detail: 'Failed to fetch' });
    answer(401, { error: 'unauthorized', message: 'The report needs the bearer token.' });
    await expect(fetchReport('demo')).resolves.toEqual({
      kind: 'refused',
      message: 'The report needs the bearer token.',
    });
    answer(200, { pages: [{ partnerId: 'demo' }] });
    await expect(fetchReport('demo')).resolves.toMatchObject({ kind: 'refused' });
    // An older site's report (no method, no anytime intervals) is said to be one, not drawn half.
    answer(200, { generatedAt: '2026-05-04T12:00:00.000Z', pages: [] });
    await expect(fetchReport('demo')).resolves.toMatchObject({ kind: 'refused' });
    const report = {
      generatedAt: '2026-05-04T12:00:00.000Z',
      method: {
        alpha: 0.05,
        tuningVisitors: 5000,
        correction: 'holm',
        minimumDifference: 0.02,
        splitThreshold: 0.001,
      },
      pages: [],
    };
    answer(200, report);
    await expect(fetchReport('demo')).resolves.toEqual({ kind: 'ok', report });
  });
});
