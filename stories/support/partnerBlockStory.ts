import type { StoryObj } from '@storybook/react-vite';
import { partnerAsShown } from '../../src/config/partnerAsShown.ts';
import { partnerDirectory } from '../../src/config/partners.ts';
import type { PartnerBlockStory } from './PartnerBlockStory.tsx';
import { blockArgTypes, propArgs } from './schemaArgTypes.ts';

type BlockStory = StoryObj<typeof PartnerBlockStory>;

/**
 * A generated story of one section of one partner's page (tools/storybook/generatePartnerStories.ts):
 * its Controls come from the block's props schema and start at the partner's own values, so the
 * story as it opens renders exactly the partner's block (what the visual baselines capture), and
 * a change in the Controls panel re-renders the block with it.
 */
export function partnerBlockStory(
  partnerId: string,
  page: string,
  blockId: string,
  variant?: string,
): BlockStory {
  const found = partnerDirectory.byId.get(partnerId);
  // A variant's story starts at the section as the variant shows it; the Controls show URL-driven
  // copy as written (placeholders and their defaults), which the story fills.
  const partner = found && partnerAsShown(found, { page, version: variant, query: null });
  const section = partner?.pages[page]?.sections.find((candidate) => candidate.id === blockId);
  const own = variant ? { variant } : {};
  if (!section) return { args: { page, blockId, ...own } };
  return {
    args: { page, blockId, ...own, ...propArgs(section.props) },
    argTypes: blockArgTypes(section.type),
  };
}
