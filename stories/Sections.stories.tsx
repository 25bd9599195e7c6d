import type { Meta, StoryObj } from '@storybook/react-vite';
import { PartnerSectionStory } from './support/PartnerSectionStory.tsx';
import { blockArgTypes } from './support/schemaArgTypes.ts';

/**
 * Each block, as the partner's landing page shows it, themed by the toolbar's Partner global ("All partners side by side"
 * compares them). The per-partner stories under Partners/ are generated from the partners folder.
 * Each story's Controls come from its block's props schema (blockArgTypes), so a designer can try
 * a variant of a block (another title, colour or list) for any partner without the studio.
 */
const meta = {
  title: 'Sections',
  component: PartnerSectionStory,
  args: { partnerId: 'demo', page: 'landing', type: 'hero' },
  argTypes: { partnerId: { control: false } },
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
