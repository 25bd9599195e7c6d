import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/RichText in Storybook: Beyond the spec's sections: the showcase
 * partner lists it. Controls from richText.schema.json.
 */
const meta = { ...blockStoryMeta('richText'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const RichText: StoryObj<typeof meta> = {
  globals: { partner: 'showcase' },
};
