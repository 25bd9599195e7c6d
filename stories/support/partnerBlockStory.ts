import type { StoryObj } from '@storybook/react-vite';
import { partnerAsShown } from '../../src/config/partnerAsShown.ts';
import { partnerDirectory } from '../../src/config/partners.ts';
import type { PartnerSectionStory } from './PartnerBlockStory.tsx';
import { blockArgTypes, propArgs } from './schemaArgTypes.ts';

type SectionStory = StoryObj<typeof PartnerSectionStory>;

/**
 * A generated story of one section of one partner's page (tools/storybook/generatePartnerStories.ts):
 * its Controls come from the block's props schema and start at the partner's own values, so the
 * story as it opens renders exactly the partner's block (what the visual baselines capture), and
 * a change in the Controls panel re-renders the block with it.
 */
export function sectionStory(
  partnerId: string,
  page: string,
  sectionId: string,
  variant?: string,
): SectionStory {
  const found = partnerDirectory.byId.get(partnerId);
  // A variant's story starts at the section as the variant shows it; the Controls show URL-driven
  // copy as written (placeholders and their defaults), which the story fills.
  const partner = found && partnerAsShown(found, { page, version: variant, query: null });
  const section = partner?.pages[page]?.sections.find((candidate) => candidate.id === sectionId);
  const own = variant ? { variant } : {};
  if (!section) return { args: { page, sectionId, ...own } };
  return {
    args: { page, sectionId, ...own, ...propArgs(section.props) },
    argTypes: blockArgTypes(section.type),
  };
}
