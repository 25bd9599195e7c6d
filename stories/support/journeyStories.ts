import type { StoryObj } from '@storybook/react-vite';
import { journeyPages, type JourneyPage } from '../../src/preview/journeyPages.ts';
import type { PartnerPageStory } from './PartnerPageStory.tsx';
import type { Language } from '../../src/i18n/languages.ts';

type JourneyStory = StoryObj<typeof PartnerPageStory>;

/**
 * The story of one journey page: its args, and a play function that brings the page to the state
 * the story is named after (the empty form submitted, for the error state) and waits until that
 * state shows, so the accessibility check and the screenshot see it and nothing in between.
 */
/** What shows when a page is ready, in another language than English (issue 37). */
const readyIn: Record<string, Partial<Record<JourneyPage, RegExp>>> = {
  es: { ClaimOffer: /Aprovechar esta oferta/ },
};

export function journeyStory(page: JourneyPage, language?: Language): JourneyStory {
  const setup = journeyPages[page];
  const readyText = (language && readyIn[language]?.[page]) ?? setup.readyText;
  return {
    args: { page, ...(language ? { language } : {}) },
    play: async ({ canvas, userEvent }) => {
      // The page's own chunk loads first: on a loaded machine (the Storybook and end-to-end
      // projects run side by side) that took more than 5 s. A bound on a page that never comes,
      // not a wait: a page that is there is found at once.
      const timeout = 20_000;
      if ('submitEmpty' in setup && setup.submitEmpty) {
        await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }, { timeout }));
      }
      await canvas.findAllByText(readyText, undefined, { timeout });
    },
  };
}
