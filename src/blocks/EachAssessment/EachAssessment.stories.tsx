import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/EachAssessment in Storybook: the eachAssessment block for the
 * partner chosen in the toolbar. Controls from eachAssessment.schema.json.
 */
const meta = { ...blockStoryMeta('eachAssessment'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const EachAssessment: StoryObj<typeof meta> = {};
