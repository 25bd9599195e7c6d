import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { blockFormId, pageBlocksAt } from '../places/places.ts';
import type { BlockDraft } from '../schema/partnerTypes.ts';
import { draftOf, inStudio } from '../stories/studioStory.tsx';
import { blocksOf } from './blocks.ts';
import { BlockList } from './BlockList.tsx';

/**
 * Studio/Block list: a page's blocks top to bottom, each opened, renamed, duplicated, moved or
 * removed in place, and the library to add one. The list holds no copy of its blocks: this story
 * keeps them as the editor's draft would, and says each change on the status line below.
 */
function DemoLandingBlocks() {
  const partner = draftOf('demo');
  const [sections, setSections] = useState<BlockDraft[]>(() => blocksOf(partner, 'landing'));
  const [expanded, setExpanded] = useState<string>();
  const [status, setStatus] = useState('');
  return (
    <>
      <BlockList
        partner={partner}
        pageKey="landing"
        sections={sections}
        onBlocks={(next) => setSections(next)}
        pointer={pageBlocksAt('landing')}
        problems={[]}
        context={{ images: [] }}
        formIdOf={(index) => blockFormId('landing', index)}
        heading="Blocks on this page, top to bottom"
        level={3}
        expanded={expanded}
        onExpand={setExpanded}
        onStatus={setStatus}
      />
      <p role="status" className="studio-help">
        {status}
      </p>
    </>
  );
}

const meta = {
  title: 'Studio/Block list',
  component: DemoLandingBlocks,
  decorators: [inStudio],
} satisfies Meta<typeof DemoLandingBlocks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DemoHomePage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const headings = () =>
      // Each title without its position ("1. Hero (hero)"): the positions stay, the blocks move.
      [...canvasElement.querySelectorAll('.studio-block-title')].map((title) =>
        title.textContent?.replace(/^\d+\.\s*/, ''),
      );
    const before = headings();
    await userEvent.click(canvas.getAllByRole('button', { name: /^Move down/ })[0] as HTMLElement);
    // The first two blocks changed places.
    await expect(headings().slice(0, 2)).toEqual([before[1], before[0]]);
  },
};
