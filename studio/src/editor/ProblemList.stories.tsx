import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Problem } from '../api/studioApi.ts';
import { draftOf, inStudio } from '../stories/studioStory.tsx';
import { ProblemList } from './ProblemList.tsx';

/**
 * Studio/Problem list: what the partner check finds, each in words that say where it is, with
 * "Show me"; warnings start folded, the same one in several places said once.
 */
const file = 'partners/acme.json';
const problems: Problem[] = [
  {
    file,
    pointer: '/pages/landing/sections/0/props/title',
    message: 'must not be empty: write the words visitors see here',
  },
  {
    file,
    pointer: '/theme/brandColor',
    message: 'must be a color written as # and six digits or letters, such as #1B4F72',
  },
];
const picture =
  "this picture belongs to the partner demo, not this one; upload this partner's own in its place";
const warnings: Problem[] = [
  { file, pointer: '/branding/logoSrc', message: picture },
  { file, pointer: '/branding/faviconSrc', message: picture },
  { file, pointer: '/pages/landing/sections/0/props/desktopBg', message: picture },
];

const meta = {
  title: 'Studio/Problem list',
  component: ProblemList,
  decorators: [inStudio],
  args: { partner: draftOf('demo'), onShow: fn(), problems },
} satisfies Meta<typeof ProblemList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Problems: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2 problems found by the partner check')).toBeVisible();
    const [first] = canvas.getAllByRole('button', { name: /^Show me/ });
    if (first) await userEvent.click(first);
    await expect(args.onShow).toHaveBeenCalledWith(problems[0]);
  },
};

export const WarningsOpened: Story = {
  args: { problems: warnings, warnings: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText(/^3 things to look at/));
    // One sentence, its three places each with their own "Show me".
    await expect(canvas.getAllByRole('button', { name: /^Show me/ })).toHaveLength(3);
  },
};
