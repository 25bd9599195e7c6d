import type { Meta, StoryObj } from '@storybook/react-vite';
import { PartnerSectionStory } from './support/PartnerSectionStory.tsx';

/**
 * Each landing-page section, themed by the toolbar's Partner global ("All partners side by side"
 * compares them). The per-partner stories under Partners/ are generated from the partners folder.
 */
const meta = {
  title: 'Sections',
  component: PartnerSectionStory,
  args: { partnerId: 'demo', section: 'hero' },
  argTypes: { partnerId: { control: false } },
  tags: ['uses-partner-global'],
} satisfies Meta<typeof PartnerSectionStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hero: Story = { args: { section: 'hero' } };
export const EachAssessment: Story = { args: { section: 'eachAssessment' } };
export const HowItWorks: Story = { args: { section: 'howItWorks' } };
export const Retailer: Story = {
  args: { section: 'retailer' },
  globals: { partner: 'lowes' },
};
export const Testimonials: Story = { args: { section: 'testimonials' } };
export const GetTheScan: Story = { args: { section: 'getTheScan' } };
export const Footer: Story = { args: { section: 'footer' } };
