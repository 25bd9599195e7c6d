import type { Meta, StoryObj } from '@storybook/react-vite';
import { PartnerSectionStory } from './support/PartnerSectionStory.tsx';

/**
 * Each block, as the partner's landing page shows it, themed by the toolbar's Partner global ("All partners side by side"
 * compares them). The per-partner stories under Partners/ are generated from the partners folder.
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

export const Hero: Story = { args: { type: 'hero' } };
export const EachAssessment: Story = { args: { type: 'eachAssessment' } };
export const HowItWorks: Story = { args: { type: 'howItWorks' } };
export const Retailer: Story = {
  args: { type: 'retailer' },
  globals: { partner: 'lowes' },
};
export const Testimonials: Story = { args: { type: 'testimonials' } };
export const GetTheScan: Story = { args: { type: 'getTheScan' } };
export const Footer: Story = { args: { type: 'footer' } };

// The blocks beyond the spec's sections: the showcase partner lists each of them (twice).
export const RichText: Story = { args: { type: 'richText' }, globals: { partner: 'showcase' } };
export const ImageText: Story = { args: { type: 'imageText' }, globals: { partner: 'showcase' } };
export const CtaBanner: Story = { args: { type: 'ctaBanner' }, globals: { partner: 'showcase' } };
export const Faq: Story = { args: { type: 'faq' }, globals: { partner: 'showcase' } };
export const Stats: Story = { args: { type: 'stats' }, globals: { partner: 'showcase' } };
