import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/Stats in Storybook: Beyond the spec's sections: the showcase partner
 * lists it. Controls from stats.schema.json.
 */
const meta = { ...blockStoryMeta('stats'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const Stats: StoryObj<typeof meta> = {
  globals: { partner: 'showcase' },
};
