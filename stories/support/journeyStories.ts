import type { StoryObj } from '@storybook/react-vite';
import { journeyPages, type JourneyPage } from '../../src/preview/journeyPages.ts';
import type { PartnerPageStory } from './PartnerPageStory.tsx';

type JourneyStory = StoryObj<typeof PartnerPageStory>;

/**
 * The story of one journey page: its args, and a play function that brings the page to the state
 * the story is named after (the empty form submitted, for the error state) and waits until that
 * state shows, so the accessibility check and the screenshot see it and nothing in between.
 */
export function journeyStory(page: JourneyPage): JourneyStory {
  const setup = journeyPages[page];
  return {
    args: { page },
    play: async ({ canvas, userEvent }) => {
      // The page's own chunk loads first: on a loaded machine (the Storybook and end-to-end
      // projects run side by side) that took more than 5 s. A bound on a page that never comes,
      // not a wait: a page that is there is found at once.
      const timeout = 20_000;
      if ('submitEmpty' in setup && setup.submitEmpty) {
        await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }, { timeout }));
      }
      await canvas.findAllByText(setup.readyText, undefined, { timeout });
    },
  };
}
