import type { StoryObj } from '@storybook/react-vite';
import { partnerDirectory } from '../../src/config/partners.ts';
import type { PartnerSectionStory } from './PartnerSectionStory.tsx';
import { blockArgTypes, propArgs } from './schemaArgTypes.ts';

type SectionStory = StoryObj<typeof PartnerSectionStory>;

/**
 * A generated story of one section of one partner's page (tools/storybook/generatePartnerStories.ts):
 * its Controls come from the block's props schema and start at the partner's own values, so the
 * story as it opens renders exactly the partner's block (what the visual baselines capture), and
 * a change in the Controls panel re-renders the block with it.
 */
export function sectionStory(partnerId: string, page: string, sectionId: string): SectionStory {
  const section = partnerDirectory.byId
    .get(partnerId)
    ?.pages[page]?.sections.find((candidate) => candidate.id === sectionId);
  if (!section) return { args: { page, sectionId } };
  return {
    args: { page, sectionId, ...propArgs(section.props) },
    argTypes: blockArgTypes(section.type),
  };
}
