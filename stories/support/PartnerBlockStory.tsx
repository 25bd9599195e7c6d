// Moved to src/preview/stories (issue 38); kept here for the generated stories and tests.
export {
  PartnerBlockStory,
  type PartnerBlockStoryProps,
} from '../../src/preview/stories/PartnerBlockStory.tsx';
