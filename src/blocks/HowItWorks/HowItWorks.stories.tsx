import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/HowItWorks in Storybook: the howItWorks block for the partner chosen
 * in the toolbar. Controls from howItWorks.schema.json.
 */
const meta = { ...blockStoryMeta('howItWorks'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const HowItWorks: StoryObj<typeof meta> = {};
