import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Experiment, PartnerConfig } from './generated/partner.ts';
import {
  assignVersion,
  CONTROL,
  drawScope,
  hashVersionOf,
  pageVersions,
  type PageVersion,
} from './experiments.ts';
import type { Page } from './generated/partner.ts';

/**
 * Issue 38: a seed per experiment and a hash version. Deterministic visitor ids, so neither test
 * can flake: the counts below are the same on every run.
 */
const visitors = Array.from({ length: 20_000 }, (_, n) => `visitor-${n}`);

/**
 * The draw as it was before seeds (commit a519c01), copied here so a change of the shared code
 * cannot move the reference with it: cyrb53 and weighted rendezvous in the scope partner/page.
 */
function hashBeforeSeeds(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
function versionBeforeSeeds(
  visitorId: string,
  partnerId: string,
  pageKey: string,
  versions: readonly PageVersion[],
): string {
  let best = CONTROL;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const version of versions) {
    if (version.weight <= 0) continue;
    const text = `${visitorId}\u0000${partnerId}/${pageKey}\u0000${version.id}`;
    const score = -Math.log((hashBeforeSeeds(text) + 0.5) / 2 ** 53) / version.weight;
    if (score < bestScore) {
      bestScore = score;
      best = version.id;
    }
  }
  return best;
}

const partnersDir = join(import.meta.dirname, '../../partners');
const demo = JSON.parse(readFileSync(join(partnersDir, 'demo.json'), 'utf8')) as PartnerConfig;

interface RecordedDraw {
  partnerId: string;
  pageKey: string;
  versions: PageVersion[];
  expected: Record<string, string>;
}
const recorded = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '../../tests/fixtures/experiments/versionsBeforeSeeds.json'),
    'utf8',
  ),
) as { source: string; cases: RecordedDraw[] };
const page = (experiment: Experiment): Page => ({ ...demo.pages.landing, experiment });
const drawn = (pageKey: string, experiment: Experiment) => {
  const versions = pageVersions(page(experiment));
  const scope = drawScope('showcase', pageKey, experiment);
  return visitors.map((visitor) => assignVersion(visitor, scope, versions));
};
const agreeing = (a: readonly string[], b: readonly string[]) =>
  a.filter((version, n) => version === b[n]).length;

/**
 * For two independent 50/50 draws each visitor's versions agree with probability 1/2, so the
 * count of agreeing visitors is binomial(n, 1/2): mean n/2, standard deviation sqrt(n)/2 (about
 * 71 for 20,000). Five standard deviations either side holds with probability 1 - 6e-7.
 */
const n = visitors.length;
const halfWithin = (count: number) => {
  const sd = Math.sqrt(n) / 2;
  expect(Math.abs(count - n / 2)).toBeLessThan(5 * sd);
};

describe('a seed per experiment and a hash version (issue 38)', () => {
  it('keeps every visitor of a test running today (no seed: hash version 1) in the version they had', () => {
    const running: Experiment[] = [
      { controlWeight: 50, variants: [{ id: 'fewer-falls', weight: 50, overrides: {} }] },
      {
        controlWeight: 30,
        variants: [
          { id: 'b', weight: 50, overrides: {} },
          { id: 'c', weight: 20, overrides: {} },
        ],
      },
      { hashVersion: 1, variants: [{ id: 'whats-included', weight: 50, overrides: {} }] },
    ];
    for (const experiment of running) {
      expect(hashVersionOf(experiment)).toBe(1);
      const versions = pageVersions(page(experiment));
      const before = visitors.map((visitor) =>
        versionBeforeSeeds(visitor, 'showcase', 'landing', versions),
      );
      const now = drawn('landing', experiment);
      expect(now).toEqual(before);
      // The reference is a real split, not one version for everybody.
      expect(new Set(before).size).toBe(versions.length);
    }
  });

  it('keeps the versions recorded by the code from before seeds for fixed visitors', () => {
    // Drawn by a519c01's src/config/experiments.ts (the running tests of partners/*.json then, and
    // an uneven three-way split), with ids shaped like the hs_visitor cookie's.
    expect(recorded.cases.length).toBeGreaterThanOrEqual(3);
    for (const { partnerId, pageKey, versions, expected } of recorded.cases) {
      const [control, ...variants] = versions;
      const [first, ...others] = variants.map(({ id, weight }) => ({ id, weight, overrides: {} }));
      if (!control || !first) throw new Error(`${partnerId}/${pageKey} records no variant`);
      const experiment: Experiment = {
        controlWeight: control.weight,
        variants: [first, ...others],
      };
      expect(hashVersionOf(experiment)).toBe(1);
      const scope = drawScope(partnerId, pageKey, experiment);
      const now = Object.fromEntries(
        Object.keys(expected).map((visitor) => [visitor, assignVersion(visitor, scope, versions)]),
      );
      expect(now, `${partnerId}/${pageKey}`).toEqual(expected);
    }
  });

  it('draws the tests the partner files run today as before seeds', () => {
    for (const file of readdirSync(partnersDir).filter((name) => name.endsWith('.json'))) {
      const partner = JSON.parse(readFileSync(join(partnersDir, file), 'utf8')) as PartnerConfig;
      for (const [pageKey, page] of Object.entries(partner.pages)) {
        const experiment = page.experiment;
        if (!experiment || experiment.seed !== undefined) continue;
        const versions = pageVersions(page);
        const before = visitors
          .slice(0, 2000)
          .map((visitor) => versionBeforeSeeds(visitor, partner.id, pageKey, versions));
        const scope = drawScope(partner.id, pageKey, experiment);
        expect(
          visitors.slice(0, 2000).map((visitor) => assignVersion(visitor, scope, versions)),
        ).toEqual(before);
      }
    }
  });

  it('gives two tests run one after the other on one page independent draws when they have seeds', () => {
    // The same shape twice, even the same variant id: only the seed differs.
    const first: Experiment = {
      seed: 'spring-headline',
      variants: [{ id: 'b', weight: 50, overrides: {} }],
    };
    const second: Experiment = { ...first, seed: 'summer-headline' };
    expect(hashVersionOf(first)).toBe(2);
    const a = drawn('landing', first);
    const b = drawn('landing', second);
    halfWithin(a.filter((version) => version === 'b').length);
    halfWithin(b.filter((version) => version === 'b').length);
    halfWithin(agreeing(a, b));
    // The same seed draws the same way on every instance and every visit.
    expect(drawn('landing', { ...first })).toEqual(a);
  });

  it('shows why: without seeds two tests on a page put the same people first again', () => {
    const first: Experiment = { variants: [{ id: 'b', weight: 50, overrides: {} }] };
    const second: Experiment = { variants: [{ id: 'c', weight: 50, overrides: {} }] };
    const inControl = (versions: readonly string[]) =>
      versions.map((version) => String(version === CONTROL));
    const a = inControl(drawn('landing', first));
    const b = inControl(drawn('landing', second));
    // Each visitor keeps their control score, so the control's visitors tend to stay control
    // (two thirds agree, in theory): far more than the binomial allows for independent draws.
    expect(agreeing(a, b)).toBeGreaterThan(n / 2 + 5 * (Math.sqrt(n) / 2));
  });

  it('keeps each page its own draw under hash version 2, and a seed written with its version draws alike', () => {
    const experiment: Experiment = {
      seed: 'spring-headline',
      variants: [{ id: 'b', weight: 50, overrides: {} }],
    };
    halfWithin(agreeing(drawn('landing', experiment), drawn('springOffer', experiment)));
    expect(drawn('landing', { ...experiment, hashVersion: 2 })).toEqual(
      drawn('landing', experiment),
    );
  });
});
