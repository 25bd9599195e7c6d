import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeStoriesEntry } from 'storybook/internal/common';
import { readCsf } from 'storybook/internal/csf-tools';
import { userOrAutoTitleFromSpecifier } from 'storybook/internal/preview-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placementRefusalIn, type SchemaDefs } from '../../../src/config/blockAnnotations.ts';
import type { PartnerConfig, Block } from '../../../src/config/generated/partner.ts';
import {
  assemblePartnerSchema,
  readBaseSchema,
  readBlockSchemas,
} from '../../../src/config/node/assemblePartnerSchema.ts';
import {
  placementFindings,
  repeatedItemProblems,
} from '../../../src/config/node/validation/blockRules.ts';
import { schemaChecker } from '../../../src/config/node/validation/checkConfig.ts';
import { typeOfFolder } from '../../../src/blocks/registry.ts';
import { blockStoriesEntry } from '../../../tools/storybook/blockStories.ts';
import { acmePartner } from '../../support/partnerCheck.ts';

/**
 * Adding a block is adding one folder (docs/blocks.md): a copy of the Testimonials folder under a
 * new name, "Quotes", in a temporary copy of src/blocks, with a placement rule of its own. Each
 * discovery function is asked about it as the build, the checker, the studio and Storybook ask,
 * and no other file is edited.
 */
const repo = new URL('../../..', import.meta.url).pathname;
let root: string;
let defs: SchemaDefs;
let assembled: Record<string, unknown>;

/** The copied folder, its files and their contents renamed from Testimonials to Quotes. */
function addQuotesFolder(sections: string) {
  const folder = join(sections, 'Quotes');
  cpSync(join(sections, 'Testimonials'), folder, { recursive: true });
  for (const name of readdirSync(folder)) {
    const renamed = name.replace('Testimonials', 'Quotes').replace('testimonials', 'quotes');
    renameSync(join(folder, name), join(folder, renamed));
    const text = readFileSync(join(folder, renamed), 'utf8')
      .replaceAll('Testimonials', 'Quotes')
      .replaceAll("'testimonials'", "'quotes'");
    writeFileSync(join(folder, renamed), text);
  }
  const schemaFile = join(folder, 'quotes.schema.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
  schema['x-placement'] = { notOn: ['claimOffer'], because: 'quotes go before the signup form' };
  writeFileSync(schemaFile, JSON.stringify(schema));
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'homesafe-new-block-'));
  cpSync(join(repo, 'src', 'blocks'), join(root, 'src', 'blocks'), { recursive: true });
  cpSync(join(repo, 'schemas', 'partner'), join(root, 'schemas', 'partner'), { recursive: true });
  addQuotesFolder(join(root, 'src', 'blocks'));
  assembled = assemblePartnerSchema(readBaseSchema(root), readBlockSchemas(root));
  defs = assembled.$defs as SchemaDefs;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A section of the new type, as a partner file brings it (read from JSON, as the checker reads it). */
const quotes = (ids: string[]): Block =>
  JSON.parse(
    JSON.stringify({
      id: 'quotes',
      type: 'quotes',
      props: {
        items: ids.map((id) => ({
          id,
          avatar: '/images/avatar.png',
          text: 'It helped.',
          author: 'Ann',
          position: 'Boston',
        })),
      },
    }),
  );

describe('a new block folder is found without editing another file', () => {
  it('appears in the assembled partner schema, with its props', () => {
    const section = defs.block as { oneOf: { $ref: string }[] };
    expect(section.oneOf).toContainEqual({ $ref: '#/$defs/quotesBlock' });
    expect(defs.quotesProps).toMatchObject({ title: 'QuotesProps', required: ['items'] });
  });

  it('is checked: the schema check takes its props, and its own rules apply', () => {
    const validate = schemaChecker().compile(assembled);
    const partner = acmePartner() as PartnerConfig;
    partner.pages.landing.sections.push(quotes(['a', 'b', 'c']));
    expect(validate(partner)).toBe(true);
    // Fewer quotes than its schema asks for: refused as any block's props are.
    partner.pages.landing.sections.push(quotes(['a']));
    expect(validate(partner)).toBe(false);
    partner.pages.landing.sections.pop();

    partner.pages.claimOffer.sections.push(quotes(['a', 'b', 'a']));
    const index = partner.pages.claimOffer.sections.length - 1;
    expect(placementFindings(defs, 'claimOffer', partner.pages.claimOffer.sections, index)).toEqual(
      [[`/sections/${index}/type`, 'quotes go before the signup form']],
    );
    expect(repeatedItemProblems(defs, { file: 'acme.json', config: partner })).toEqual([
      {
        file: 'acme.json',
        pointer: `/pages/claimOffer/sections/${index}/props/items/2/id`,
        message: 'another testimonial already uses the id "a"',
      },
    ]);
  });

  it("appears in the studio's block library where its placement lets it go", () => {
    // The library lists the schema's section types that have a component folder (the registry's
    // glob, ./<Folder>/index.ts) and that their placement allows on the page.
    const folders = readdirSync(join(root, 'src', 'blocks'));
    expect(folders.map((folder) => typeOfFolder(`./${folder}/index.ts`))).toContain('quotes');
    expect(readdirSync(join(root, 'src', 'blocks', 'Quotes'))).toContain('block.ts');
    expect(placementRefusalIn(defs, 'quotes', 'landing')).toBeUndefined();
    expect(placementRefusalIn(defs, 'quotes', 'claimOffer')).toBe(
      'quotes go before the signup form',
    );
  });

  it('appears in Storybook as Blocks/Quotes, with its own render test beside it', async () => {
    const specifier = normalizeStoriesEntry(blockStoriesEntry, {
      configDir: join(root, '.storybook'),
      workingDir: root,
    });
    const file = './src/blocks/Quotes/Quotes.stories.tsx';
    expect(specifier.importPathMatcher.test(file)).toBe(true);
    const title = userOrAutoTitleFromSpecifier(file, specifier, undefined);
    expect(title).toBe('Blocks/Quotes');
    const csf = await readCsf(join(root, file), { makeTitle: () => title ?? '' });
    expect(csf.parse().indexInputs.map((input) => input.exportName)).toEqual(['Quotes']);
    expect(readdirSync(join(root, 'src', 'blocks', 'Quotes'))).toContain('Quotes.test.tsx');
  });
});
