// Moved to src/preview/stories (issue 38): the blocks' own stories import it from there, so
// src/ never imports Storybook's folder. Kept here for the other importers.
export { blockStoryMeta } from '../../src/preview/stories/blockStory.ts';
