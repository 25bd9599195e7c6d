import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generatePartnerStories } from '../../../tools/storybook/generatePartnerStories.ts';
import { journeyPageNames } from '../../../stories/support/journeyPages.ts';

/*
 * Item 4 of the quality gates: a new partner file gets its stories, and so its accessibility and
 * visual tests, with no code change. The generator runs at every Storybook and Vitest start.
 */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function projectWithPartner(id: string, sections: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'homesafe-stories-'));
  roots.push(root);
  mkdirSync(join(root, 'partners'));
  const file = { id, pages: { landing: { sections: sections.map((type) => ({ type })) } } };
  writeFileSync(join(root, 'partners', `${id}.json`), JSON.stringify(file));
  return root;
}

describe('stories generated for a new partner file', () => {
  it('has a visual story for each of its sections, its whole page and every journey page', () => {
    const root = projectWithPartner('acme', ['hero', 'howItWorks', 'footer']);
    const files = generatePartnerStories(root);
    expect(files.map((file) => basename(file))).toEqual([
      'acme.sections.stories.tsx',
      'acme.journey.stories.tsx',
    ]);

    const sections = readFileSync(files[0]!, 'utf8');
    expect(sections).toContain("title: 'Partners/acme/Sections'");
    expect(sections).toContain("tags: ['partner', 'visual']");
    expect(sections).toContain("visual: { folder: 'acme/sections' }");
    for (const story of ['Hero', 'HowItWorks', 'Footer', 'FullPage']) {
      expect(sections).toContain(`export const ${story}: Story`);
    }
    // Only the whole page is compared more loosely; its sections keep the config's 0.1%.
    expect(sections.match(/allowedMismatchedPixelRatio/g)).toHaveLength(1);
    expect(sections).toMatch(/FullPage[^;]*allowedMismatchedPixelRatio: 0\.0025/s);

    const journey = readFileSync(files[1]!, 'utf8');
    expect(journey).toContain("title: 'Partners/acme/Journey'");
    expect(journey).toContain("tags: ['partner', 'visual']");
    expect(journey).toContain("visual: { folder: 'acme/journey' }");
    for (const page of journeyPageNames) {
      expect(journey).toContain(`export const ${page}: Story = journeyStory('${page}');`);
    }
  });

  it('covers the landing page and each state of every journey page', () => {
    expect(journeyPageNames).toEqual(
      expect.arrayContaining([
        'ClaimOffer',
        'Process',
        'PaymentReturnWaiting',
        'PaymentReturnCanceled',
        'PaymentReturnFailed',
        'PaymentReturnExpired',
        'CreateHome',
        'CreateHomeWithErrors',
        'Complete',
      ]),
    );
  });
});
