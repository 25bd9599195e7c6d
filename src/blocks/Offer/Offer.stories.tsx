import type { Meta, StoryObj } from '@storybook/react-vite';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/Offer in Storybook: the offer with its signup form, as a campaign
 * page shows it (showcase's spring offer page). Controls from offer.schema.json.
 */
const meta = { ...blockStoryMeta('offer'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

export const Offer: StoryObj<typeof meta> = {
  args: { page: 'springOffer' },
  globals: { partner: 'showcase' },
};
