import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/ImageText in Storybook: Beyond the spec's sections: the showcase
 * partner lists it. Controls from imageText.schema.json.
 */
const meta = { ...blockStoryMeta('imageText'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const ImageText: StoryObj<typeof meta> = {
  globals: { partner: 'showcase' },
};
