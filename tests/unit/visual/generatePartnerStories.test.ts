import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generatePartnerStories } from '../../../tools/storybook/generatePartnerStories.ts';
import {
  coverageFile,
  journeyWidths,
  partnerWidths,
  readCoverage,
} from '../../../tools/storybook/visualPolicy.ts';
import { journeyPageNames } from '../../../src/preview/journeyPages.ts';
import { storyWidths } from '../../visual/storyWidths.ts';

/*
 * Item 4 of the quality gates: a new partner file gets its stories, and so its accessibility and
 * visual tests, with no code change. The generator runs at every Storybook and Vitest start.
 */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'homesafe-stories-'));
  roots.push(dir);
  return dir;
}

function writePartner(dir: string, id: string, pages: Record<string, string[]>): void {
  const kebab = (type: string) => type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const file = {
    schemaVersion: 2,
    id,
    pages: Object.fromEntries(
      Object.entries(pages).map(([key, types]) => [
        key,
        { sections: types.map((type) => ({ id: kebab(type), type })) },
      ]),
    ),
  };
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(file));
}

/** A project whose one partner, "acme", has these pages as written (sections with or without ids). */
function projectWithAcme(pages: Record<string, unknown>): string {
  const root = tempDir();
  mkdirSync(join(root, 'partners'));
  const file = { schemaVersion: 2, id: 'acme', pages };
  writeFileSync(join(root, 'partners', 'acme.json'), JSON.stringify(file));
  return root;
}

function projectWithPartner(id: string, sections: string[]): string {
  const root = tempDir();
  mkdirSync(join(root, 'partners'));
  writePartner(join(root, 'partners'), id, { landing: sections });
  return root;
}

/** The exported story names of a generated file. */
const storyNames = (source: string) =>
  [...source.matchAll(/^export const (\w+): Story/gm)].map((match) => match[1] ?? '');

/** The `widths: [...]` a generated story names, or undefined when it takes the config's. */
function widthsOf(source: string, name: string): number[] | undefined {
  const line = new RegExp(`^export const ${name}: Story = \\{[^]*?\\};$`, 'm').exec(source)?.[0];
  if (!line) throw new Error(`no story ${name}`);
  const widths = /widths: \[([\d, ]+)\]/.exec(line)?.[1];
  return widths?.split(',').map(Number);
}

describe('the visual policy: coverage set against every other partner', () => {
  it('gives a coverage partner every section at the config widths, every journey story on a phone and a desktop, its whole pages on a phone', () => {
    const root = tempDir();
    mkdirSync(join(root, 'partners'));
    writePartner(join(root, 'partners'), 'acme', {
      landing: ['hero', 'howItWorks', 'footer'],
      springOffer: ['hero', 'footer'],
    });
    const [blocksFile, journeyFile] = generatePartnerStories(root, {
      coverage: new Set(['acme']),
    });
    const sections = readFileSync(blocksFile!, 'utf8');
    expect(storyNames(sections)).toEqual([
      'Hero',
      'HowItWorks',
      'Footer',
      'SpringOfferPage',
      'SpringOfferHero',
      'SpringOfferFooter',
      'FullPage',
    ]);
    // Each section at the config's widths; a whole page (its sections' order and seams) on a
    // phone, where it is longest: its sections' look at each width is their own stories'.
    for (const name of ['Hero', 'HowItWorks', 'Footer', 'SpringOfferHero', 'SpringOfferFooter'])
      expect(widthsOf(sections, name)).toBeUndefined();
    expect(widthsOf(sections, 'SpringOfferPage')).toEqual([...partnerWidths.extraPage]);
    expect(widthsOf(sections, 'FullPage')).toEqual([...partnerWidths.fullPage]);
    const journey = readFileSync(journeyFile!, 'utf8');
    expect(storyNames(journey)).toEqual(journeyPageNames);
    expect(journey).toContain(
      `visual: { folder: 'acme/journey', widths: [${journeyWidths.join(', ')}] }`,
    );
  });

  it('gives any other partner its whole page, first screen, extra pages and claim offer only', () => {
    const root = tempDir();
    const partners = join(root, 'partners-copy');
    mkdirSync(partners);
    writePartner(partners, 'acme', {
      landing: ['hero', 'howItWorks', 'footer'],
      springOffer: ['hero', 'footer'],
    });
    // The partners folder may be elsewhere (the gate proof serves a copy).
    const [blocksFile, journeyFile] = generatePartnerStories(root, {
      partnersDir: partners,
      coverage: new Set(['demo']),
    });
    expect(blocksFile).toBe(join(root, 'stories', 'generated', 'acme.blocks.stories.tsx'));

    const sections = readFileSync(blocksFile!, 'utf8');
    expect(storyNames(sections)).toEqual(['Hero', 'SpringOfferPage', 'FullPage']);
    expect(widthsOf(sections, 'Hero')).toEqual([...partnerWidths.firstBlock]);
    expect(widthsOf(sections, 'SpringOfferPage')).toEqual([...partnerWidths.extraPage]);
    expect(widthsOf(sections, 'FullPage')).toEqual([...partnerWidths.fullPage]);
    // Still screenshotted (and axe-checked) into the partner's own folder.
    expect(sections).toContain("tags: ['partner', 'visual']");
    expect(sections).toMatch(
      /FullPage[^;]*folder: 'acme\/blocks', allowedMismatchedPixelRatio: 0\.0025/s,
    );

    const journey = readFileSync(journeyFile!, 'utf8');
    expect(storyNames(journey)).toEqual(['ClaimOffer']);
    expect(journey).toContain(
      `visual: { folder: 'acme/journey', widths: [${partnerWidths.claimOffer.join(', ')}] }`,
    );
  });

  it("gives a claim-offer page's variant a story of its changed block, and the page as written none", () => {
    const root = projectWithAcme({
      landing: { sections: [{ id: 'hero', type: 'hero' }] },
      claimOffer: {
        sections: [{ id: 'offer', type: 'offer' }],
        experiment: {
          variants: [{ id: 'short', weight: 50, overrides: { offer: { headerText: 'Hi' } } }],
        },
      },
    });
    for (const coverage of [new Set(['acme']), new Set<string>()]) {
      const [blocksFile] = generatePartnerStories(root, { coverage });
      const names = storyNames(readFileSync(blocksFile!, 'utf8'));
      expect(names).toContain('ClaimOfferOfferVariantShort');
      expect(names.filter((name) => name.startsWith('ClaimOffer'))).toEqual([
        'ClaimOfferOfferVariantShort',
      ]);
    }
  });

  it('names the first landing section whatever its id, and none when the landing is empty', () => {
    const root = projectWithAcme({
      landing: { sections: [{ id: 'welcome-banner', type: 'hero' }, { type: 'footer' }] },
    });
    writePartner(join(root, 'partners'), 'bare', { landing: [] });
    const files = generatePartnerStories(root, { coverage: new Set() });
    const acme = readFileSync(files[0]!, 'utf8');
    const bare = readFileSync(files[2]!, 'utf8');
    expect(storyNames(acme)).toEqual(['WelcomeBanner', 'FullPage']);
    expect(storyNames(bare)).toEqual(['FullPage']);
  });

  it('keeps the committed partners of the coverage set, each with what it covers', () => {
    const coverage = readCoverage();
    expect([...coverage].sort()).toEqual(['cor-freedom', 'showcase']);
    for (const id of coverage) {
      expect(existsSync(join(coverageFile, '../../../partners', `${id}.json`))).toBe(true);
    }
  });

  it('holds every block any partner uses, so each block is screenshotted at every width', () => {
    const coverage = readCoverage();
    const typesOf = (pages: Record<string, { sections?: { type: string }[] }>) =>
      Object.values(pages).flatMap((page) => (page.sections ?? []).map((entry) => entry.type));
    const partnersDir = join(coverageFile, '../../../partners');
    const files = readdirSync(partnersDir).filter((name) => name.endsWith('.json'));
    const read = (name: string) =>
      JSON.parse(readFileSync(join(partnersDir, name), 'utf8')) as {
        id: string;
        pages: Record<string, { sections?: { type: string }[] }>;
      };
    const covered = new Set(
      files
        .map(read)
        .filter((p) => coverage.has(p.id))
        .flatMap((p) => typesOf(p.pages)),
    );
    const used = new Set(files.map(read).flatMap((p) => typesOf(p.pages)));
    expect([...used].filter((type) => !covered.has(type))).toEqual([]);
  });

  it('rejects a coverage file that does not say what a partner covers', () => {
    const file = join(tempDir(), 'coverage.json');
    writeFileSync(file, JSON.stringify({ partners: { demo: '' } }));
    expect(() => readCoverage(file)).toThrow(/say what partner "demo" covers/);
    writeFileSync(file, JSON.stringify({ partners: ['demo'] }));
    expect(() => readCoverage(file)).toThrow(/"partners" must map each partner id/);
  });

  it('screenshots a story at its own widths, else at the config widths', () => {
    expect(storyWidths({ folder: 'a/sections' }, [375, 1024, 1440])).toEqual([375, 1024, 1440]);
    expect(storyWidths({ folder: 'a/sections', widths: [1440] }, [1024])).toEqual([1440]);
    expect(() => storyWidths({ widths: [] }, [1024])).toThrow(/whole pixels/);
    expect(() => storyWidths({ widths: [37.5] }, [1024])).toThrow(/whole pixels/);
  });
});

describe('stories generated for a new partner file', () => {
  it('has, in the coverage set, a visual story for each section, the whole page and every journey page', () => {
    const root = projectWithPartner('acme', ['hero', 'howItWorks', 'footer']);
    const files = generatePartnerStories(root, { coverage: new Set(['acme']) });
    expect(files.map((file) => basename(file))).toEqual([
      'acme.blocks.stories.tsx',
      'acme.journey.stories.tsx',
    ]);

    const sections = readFileSync(files[0]!, 'utf8');
    expect(sections).toContain("title: 'Partners/acme/Blocks'");
    expect(sections).toContain("tags: ['partner', 'visual']");
    expect(sections).toContain("visual: { folder: 'acme/blocks' }");
    for (const story of ['Hero', 'HowItWorks', 'Footer', 'FullPage']) {
      expect(sections).toContain(`export const ${story}: Story`);
    }
    // Each section story's Controls come from its block's props schema, at the partner's values.
    expect(sections).toContain(
      "export const Hero: Story = { ...partnerBlockStory('acme', 'landing', 'hero') };",
    );
    expect(sections).toContain(
      "import { partnerBlockStory } from '../support/partnerBlockStory.ts';",
    );
    // Only the whole page is compared more loosely; its sections keep the config's 0.1%.
    expect(sections.match(/allowedMismatchedPixelRatio/g)).toHaveLength(1);
    expect(sections).toMatch(/FullPage[^;]*allowedMismatchedPixelRatio: 0\.0025/s);

    const journey = readFileSync(files[1]!, 'utf8');
    expect(journey).toContain("title: 'Partners/acme/Journey'");
    expect(journey).toContain("tags: ['partner', 'visual']");
    expect(journey).toContain("visual: { folder: 'acme/journey', widths: [375, 1440] }");
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
        'PaymentReturnSlow',
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
