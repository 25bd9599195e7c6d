import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/Retailer in Storybook: the retailer block, as the retailer (lowes)
 * shows it. Controls from retailer.schema.json.
 */
const meta = { ...blockStoryMeta('retailer'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const Retailer: StoryObj<typeof meta> = {
  globals: { partner: 'lowes' },
};
