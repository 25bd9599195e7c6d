import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storyNameFromExport } from 'storybook/internal/csf';
import { describe, expect, it } from 'vitest';
import {
  journeyStorySpecs,
  languageStorySpecs,
  readPartnerSummaries,
  blockStorySpecs,
} from '../../../tools/storybook/generatePartnerStories.ts';
import { readCoverage, readLanguageCoverage } from '../../../tools/storybook/visualPolicy.ts';
import { baselineName, defaultVisualWidths } from '../../visual/storyWidths.ts';

/*
 * The committed baselines are exactly what the visual policy screenshots: every story of the
 * coverage set at the three widths, and each other partner's few pictures. A missing one is a
 * partner whose baselines were never recorded (`npm run test:visual:update`, then commit them); a
 * stale one is left from a partner, story or width that is gone (delete it), e.g. after a partner
 * leaves the coverage set.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const committed = join(root, 'tests', 'visual', '__screenshots__', 'chromium-linux');

function expectedBaselines(): string[] {
  const coverage = readCoverage();
  const languages = readLanguageCoverage();
  return readPartnerSummaries(join(root, 'partners')).flatMap((summary) => {
    const policy = {
      coverage: coverage.has(summary.id),
      languages: languages.get(summary.id) ?? [],
    };
    const sections = blockStorySpecs(summary, policy).flatMap((spec) =>
      (spec.widths ?? defaultVisualWidths).map((width) =>
        baselineName(`${summary.id}/blocks`, storyNameFromExport(spec.name), width),
      ),
    );
    const journey = journeyStorySpecs(policy);
    const journeyNames = journey.names.flatMap((name) =>
      (journey.widths ?? defaultVisualWidths).map((width) =>
        baselineName(`${summary.id}/journey`, storyNameFromExport(name), width),
      ),
    );
    const inLanguages = languageStorySpecs(policy);
    const languageNames = [
      ...inLanguages.blocks.map(
        (spec) => [`${summary.id}/blocks`, spec.name, spec.widths] as const,
      ),
      ...inLanguages.journey.map(
        (spec) => [`${summary.id}/journey`, spec.name, spec.widths] as const,
      ),
    ].flatMap(([folder, name, widths]) =>
      (widths ?? defaultVisualWidths).map((width) =>
        baselineName(folder, storyNameFromExport(name), width),
      ),
    );
    return [...sections, ...journeyNames, ...languageNames].map((name) => `${name}.png`);
  });
}

function committedBaselines(): string[] {
  return readdirSync(committed, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.png'))
    .filter((entry) => !/-(?:actual|diff)(?:-\d+)?\.png$/.test(entry.name))
    .map((entry) => relative(committed, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

describe('the committed visual baselines', () => {
  it('are exactly the screenshots the visual policy takes, none missing and none stale', () => {
    const expected = new Set(expectedBaselines());
    const actual = new Set(committedBaselines());
    expect({
      missing: [...expected].filter((name) => !actual.has(name)).sort(),
      stale: [...actual].filter((name) => !expected.has(name)).sort(),
    }).toEqual({ missing: [], stale: [] });
    expect(expected.size).toBeGreaterThan(0);
  });

  it('name a story the way the visual test does', () => {
    expect(baselineName('demo/blocks', storyNameFromExport('FullPage'), 375)).toBe(
      'demo/blocks/full-page-375',
    );
    expect(baselineName('demo/journey', storyNameFromExport('ClaimOfferWithoutSignup'), 1440)).toBe(
      'demo/journey/claim-offer-without-signup-1440',
    );
  });
});
