import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/GetTheScan in Storybook: the getTheScan block for the partner chosen
 * in the toolbar. Controls from getTheScan.schema.json.
 */
const meta = { ...blockStoryMeta('getTheScan'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const GetTheScan: StoryObj<typeof meta> = {};
