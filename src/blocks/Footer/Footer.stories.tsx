import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/Footer in Storybook: the footer block for the partner chosen in the
 * toolbar. Controls from footer.schema.json.
 */
const meta = { ...blockStoryMeta('footer'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const Footer: StoryObj<typeof meta> = {};
