import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { blockStoryMeta } from '../../preview/stories/blockStory.ts';

/**
 * The block's story, Blocks/Faq in Storybook: the showcase partner's questions. Controls from
 * faq.schema.json.
 */
const meta = { ...blockStoryMeta('faq'), tags: ['uses-partner-global'] } satisfies Meta;

export default meta;

/** Opened with the keyboard: Tab to the first question, Enter opens it, the arrow key moves on. */
export const Faq: StoryObj<typeof meta> = {
  globals: { partner: 'showcase' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, second] = await canvas.findAllByRole('button');
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('region', { name: first?.textContent ?? '' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveFocus();
  },
};
