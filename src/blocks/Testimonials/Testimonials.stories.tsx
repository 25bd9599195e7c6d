import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/Testimonials in Storybook: the testimonials block for the partner
 * chosen in the toolbar. Controls from testimonials.schema.json.
 */
const meta = { ...blockStoryMeta('testimonials'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const Testimonials: StoryObj<typeof meta> = {};
