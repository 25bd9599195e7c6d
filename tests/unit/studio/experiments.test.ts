import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { versionPage } from '../../../src/config/experiments.ts';
import type { Page } from '../../../src/config/generated/partner.ts';
import { createWorkspace, type Workspace } from '../../../studio/server/workspace.ts';
import { sectionsOf } from '../../../studio/src/blocks.ts';
import {
  addVariant,
  clearBlockOverride,
  experimentOf,
  formatShare,
  removeVariant,
  setBlockOverride,
  setControlWeight,
  updateVariantSettings,
  variantBlockProps,
  versionShares,
} from '../../../studio/src/experiments.ts';
import { fetchReport } from '../../../studio/src/report.ts';
import type { JsonObject } from '../../../studio/src/schema.ts';
import { describeMoment, splitIso, zoneFor, zonedToIso } from '../../../studio/src/zonedTime.ts';
import { copyProject } from '../../support/projectCopy.ts';

let project: ReturnType<typeof copyProject>;
let workspace: Workspace;
beforeAll(() => {
  project = copyProject();
  workspace = createWorkspace(project.root);
});
afterAll(() => project.remove());

const demo = () =>
  JSON.parse(readFileSync(join(project.root, 'partners/demo.json'), 'utf8')) as JsonObject;
const landing = (partner: JsonObject) => (partner.pages as unknown as { landing: Page }).landing;
const messages = (partner: JsonObject) => workspace.check('demo', partner).map((p) => p.message);

describe('Studio experiment edits', () => {
  it('adds a variant that the checker explains until a block of it changes, then passes', () => {
    let partner = addVariant(demo(), 'landing', 'short-hero');
    expect(experimentOf(partner, 'landing')).toEqual({
      controlWeight: 50,
      variants: [{ id: 'short-hero', weight: 50 }],
    });
    expect(messages(partner)).toEqual([
      expect.stringContaining('a variant needs either its own "sections" or "overrides"'),
    ]);

    // The form hands over every setting of the block; only the changed one is written.
    const hero = sectionsOf(partner, 'landing')[0];
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
    const hero = sectionsOf(partner, 'landing')[0];
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
    const report = { generatedAt: '2026-05-04T12:00:00.000Z', pages: [] };
    answer(200, report);
    await expect(fetchReport('demo')).resolves.toEqual({ kind: 'ok', report });
  });
});
