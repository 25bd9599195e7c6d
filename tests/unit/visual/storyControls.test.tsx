import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it } from 'vitest';
import partnerSchema from '../../../schemas/partner.schema.json';
import { partnerDirectory } from '../../../src/config/partners.ts';
import { blockTypes } from '../../../src/config/node/validation/checkConfig.ts';
import { preloadBlocks, registeredBlockTypes } from '../../../src/blocks/registry.ts';
import { PartnerBlockStory } from '../../../stories/support/PartnerBlockStory.tsx';
import {
  blockArgTypes,
  propArg,
  propOverrides,
  type SchemaDefs,
} from '../../../stories/support/schemaArgTypes.ts';
import { partnerBlockStory } from '../../../stories/support/partnerBlockStory.ts';

/*
 * Issue 16, item 8: each block's story gets Controls generated from its props schema, so a
 * designer can try a variant of one block for any partner without the studio.
 */
interface PropsFile {
  properties: Record<string, { description?: string }>;
}

/** A block's own props schema file: src/blocks/<Block>/<type>.schema.json. */
const propsFile = (type: string): PropsFile =>
  JSON.parse(
    readFileSync(
      fileURLToPath(
        new URL(
          `../../../src/blocks/${type.charAt(0).toUpperCase()}${type.slice(1)}/${type}.schema.json`,
          import.meta.url,
        ),
      ),
      'utf8',
    ),
  ) as PropsFile;

const controlType = (type: string, prop: string) => {
  const control = blockArgTypes(type)[propArg(prop)]?.control;
  return typeof control === 'object' ? control.type : control;
};

describe('Storybook Controls from a block props schema', () => {
  it.each(blockTypes.map((type) => [type]))(
    "%s: one control per prop of the block's schema file, its description as help",
    (type) => {
      const { properties } = propsFile(type);
      const argTypes = blockArgTypes(type);
      expect(Object.keys(argTypes)).toEqual(Object.keys(properties).map(propArg));
      for (const [name, schema] of Object.entries(properties)) {
        expect(schema.description).toBeTruthy();
        expect(argTypes[propArg(name)]).toMatchObject({ name, description: schema.description });
      }
    },
  );

  it('picks the control for the kind of prop', () => {
    expect(controlType('hero', 'title')).toBe('text');
    expect(controlType('offer', 'badgeBgColor')).toBe('color');
    expect(controlType('faq', 'allowMultipleOpen')).toBe('boolean');
    expect(controlType('faq', 'items')).toBe('object');
    expect(controlType('imageText', 'button')).toBe('object');
    // A choice of shapes ({ scrollToForm } or { page }) is edited as an object, not as text.
    expect(controlType('ctaBanner', 'action')).toBe('object');
    expect(blockArgTypes('imageText')['prop:imageSide']).toMatchObject({
      control: { type: 'select' },
      options: ['left', 'right'],
    });
  });

  it('gives a prop added to a schema its control, with no code change', () => {
    const defs = structuredClone(partnerSchema.$defs) as unknown as SchemaDefs;
    const hero = defs.heroProps;
    if (!hero?.properties) throw new Error('no hero props in the schema');
    hero.properties.ribbonColor = { description: 'Colour of a ribbon.', $ref: '#/$defs/color' };
    hero.properties.ribbonCount = {
      description: 'How many ribbons.',
      type: 'integer',
      minimum: 1,
      maximum: 3,
    };
    hero.properties.ribbonSide = { description: 'Where.', type: 'string', enum: ['left', 'right'] };
    const argTypes = blockArgTypes('hero', defs);
    expect(argTypes['prop:ribbonColor']).toMatchObject({
      name: 'ribbonColor',
      description: 'Colour of a ribbon.',
      control: { type: 'color' },
    });
    expect(argTypes['prop:ribbonCount']).toMatchObject({
      control: { type: 'number', min: 1, max: 3, step: 1 },
    });
    expect(argTypes['prop:ribbonSide']).toMatchObject({
      control: { type: 'select' },
      options: ['left', 'right'],
    });
    expect(blockArgTypes('hero')['prop:ribbonColor']).toBeUndefined();
  });

  it('overrides only the props a control set', () => {
    expect(
      propOverrides({ type: 'hero', 'prop:title': 'New', 'prop:subtitle': undefined }),
    ).toEqual({ title: 'New' });
  });
});

describe("a partner's section story", () => {
  beforeAll(() => preloadBlocks(registeredBlockTypes));

  const render = async (args: Record<string, unknown>) => {
    const { prelude } = await prerender(
      <PartnerBlockStory partnerId="showcase" page="landing" {...args} />,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return new Response(prelude).text();
  };

  const faq = partnerDirectory.byId
    .get('showcase')
    ?.pages.landing?.sections.find((section) => section.type === 'faq');

  it("starts its Controls at the partner's own values", () => {
    if (!faq || faq.type !== 'faq') throw new Error('showcase has no FAQ block');
    const story = partnerBlockStory('showcase', 'landing', faq.id);
    expect(story.args).toEqual({
      page: 'landing',
      blockId: faq.id,
      'prop:title': faq.props.title,
      'prop:items': faq.props.items,
      ...(faq.props.allowMultipleOpen !== undefined && {
        'prop:allowMultipleOpen': faq.props.allowMultipleOpen,
      }),
    });
    expect(story.argTypes).toEqual(blockArgTypes('faq'));
  });

  it('renders the same block from its starting args, and a variant when a control changes', async () => {
    if (!faq || faq.type !== 'faq') throw new Error('showcase has no FAQ block');
    const { args } = partnerBlockStory('showcase', 'landing', faq.id);
    const plain = await render({ blockId: faq.id });
    expect(await render({ ...args })).toBe(plain);
    expect(plain).toContain(faq.props.title);

    const variant = await render({ ...args, 'prop:title': 'Questions, tried in Controls' });
    expect(variant).toContain('Questions, tried in Controls');
    expect(variant).not.toContain(`>${faq.props.title}<`);
  });
});
