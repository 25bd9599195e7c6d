import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/CtaBanner in Storybook: Beyond the spec's sections: the showcase
 * partner lists it. Controls from ctaBanner.schema.json.
 */
const meta = { ...blockStoryMeta('ctaBanner'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const CtaBanner: StoryObj<typeof meta> = {
  globals: { partner: 'showcase' },
};
