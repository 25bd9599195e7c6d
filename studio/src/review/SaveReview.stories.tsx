import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { studioApi, type PreparedSave } from '../api/studioApi.ts';
import { draftOf, inStudio } from '../stories/studioStory.tsx';
import { SaveReview } from './SaveReview.tsx';

/**
 * Studio/Save review: what saving changes, in words first, the file's lines behind a disclosure;
 * or why the save is refused. Git's answer is the studio API's; here it says git can record.
 */
const line = (kind: 'same' | 'added' | 'removed', text: string) => ({ kind, text });
const prepared: PreparedSave = {
  text: '{}\n',
  diskHash: 'a1b2c3',
  problems: [],
  diff: [
    line('same', '  "pages": {'),
    line('same', '    "landing": {'),
    line('removed', '          "title": "Get a Virtual Home Safety Assessment",'),
    line('added', '          "title": "A safer home, room by room",'),
    line('same', '          "subtitle": "Book a scan in minutes",'),
  ],
};

const meta = {
  title: 'Studio/Save review',
  component: SaveReview,
  decorators: [inStudio],
  beforeEach: () => {
    const asked = studioApi.git;
    studioApi.git = () => Promise.resolve({ canRecord: true });
    return () => {
      studioApi.git = asked;
    };
  },
  args: {
    partnerId: 'demo',
    partner: draftOf('demo'),
    prepared,
    changes: ['Changed the title of Hero (hero) on the home page.'],
    onConfirm: fn(),
    onCancel: fn(),
    onShowProblem: fn(),
    busy: false,
  },
} satisfies Meta<typeof SaveReview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChangesToSave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Review the changes to partners/demo.json' }),
    ).toHaveFocus();
    await expect(
      canvas.getByText('Changed the title of Hero (hero) on the home page.'),
    ).toBeVisible();
  },
};

export const SaveRefused: Story = {
  args: {
    prepared: {
      ...prepared,
      problems: [
        {
          file: 'partners/demo.json',
          pointer: '/pages/landing/sections/0/props/title',
          message: 'must not be empty: write the words visitors see here',
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Save refused: 1 problem to fix first' }),
    ).toBeVisible();
  },
};
