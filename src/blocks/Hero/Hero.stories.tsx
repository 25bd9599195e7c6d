import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/Hero in Storybook: the hero block for the partner chosen in the
 * toolbar. Controls from hero.schema.json.
 */
const meta = { ...blockStoryMeta('hero'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const Hero: StoryObj<typeof meta> = {};
