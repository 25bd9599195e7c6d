import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PartnerSectionStory } from './support/PartnerSectionStory.tsx';
import { preloadLazyParts } from './support/preloadLazyParts.ts';
import { blockArgTypes } from './support/schemaArgTypes.ts';

/**
 * Each block, as the partner's landing page shows it, themed by the toolbar's Partner global ("All partners side by side"
 * compares them). The per-partner stories under Partners/ are generated from the partners folder.
 * Each story's Controls come from its block's props schema (blockArgTypes), so a designer can try
 * a variant of a block (another title, colour or list) for any partner without the studio. The
 * partner is a toolbar global here, so the Controls start empty: an empty control keeps that
 * partner's own value. (The stories under Partners/<id>/Sections start at the partner's values.)
 */
const meta = {
  title: 'Sections',
  component: PartnerSectionStory,
  args: { partnerId: 'demo', page: 'landing', type: 'hero' },
  argTypes: { partnerId: { control: false } },
  // Blocks are lazily loaded chunks: loaded first, so axe and the play functions see the block.
  loaders: [preloadLazyParts],
  tags: ['uses-partner-global'],
} satisfies Meta<typeof PartnerSectionStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hero: Story = { args: { type: 'hero' }, argTypes: blockArgTypes('hero') };
export const EachAssessment: Story = {
  args: { type: 'eachAssessment' },
  argTypes: blockArgTypes('eachAssessment'),
};
export const HowItWorks: Story = {
  args: { type: 'howItWorks' },
  argTypes: blockArgTypes('howItWorks'),
};
export const Retailer: Story = {
  args: { type: 'retailer' },
  argTypes: blockArgTypes('retailer'),
  globals: { partner: 'lowes' },
};
export const Testimonials: Story = {
  args: { type: 'testimonials' },
  argTypes: blockArgTypes('testimonials'),
};
export const GetTheScan: Story = {
  args: { type: 'getTheScan' },
  argTypes: blockArgTypes('getTheScan'),
};
export const Footer: Story = { args: { type: 'footer' }, argTypes: blockArgTypes('footer') };

// The blocks beyond the spec's sections: the showcase partner lists each of them (twice).
export const RichText: Story = {
  args: { type: 'richText' },
  argTypes: blockArgTypes('richText'),
  globals: { partner: 'showcase' },
};
export const ImageText: Story = {
  args: { type: 'imageText' },
  argTypes: blockArgTypes('imageText'),
  globals: { partner: 'showcase' },
};
export const CtaBanner: Story = {
  args: { type: 'ctaBanner' },
  argTypes: blockArgTypes('ctaBanner'),
  globals: { partner: 'showcase' },
};
/** Opened with the keyboard: Tab to the first question, Enter opens it, the arrow key moves on. */
export const Faq: Story = {
  args: { type: 'faq' },
  argTypes: blockArgTypes('faq'),
  globals: { partner: 'showcase' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, second] = await canvas.findAllByRole('button');
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('region', { name: first?.textContent ?? '' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveFocus();
  },
};
export const Stats: Story = {
  args: { type: 'stats' },
  argTypes: blockArgTypes('stats'),
  globals: { partner: 'showcase' },
};
/** The offer with its signup form, as a campaign page shows it (showcase's spring offer page). */
export const Offer: Story = {
  args: { page: 'springOffer', type: 'offer' },
  argTypes: blockArgTypes('offer'),
  globals: { partner: 'showcase' },
};
