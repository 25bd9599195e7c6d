// Moved to src/preview/stories (issue 38); kept here for the generated stories.
export { preloadLazyParts } from '../../src/preview/stories/preloadLazyParts.ts';
