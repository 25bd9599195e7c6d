// Moved to src/preview/stories (issue 38); kept here for the generated stories and tests.
export {
  PartnerSectionStory,
  type PartnerSectionStoryProps,
} from '../../src/preview/stories/PartnerBlockStory.tsx';
