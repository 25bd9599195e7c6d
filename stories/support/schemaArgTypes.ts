// Moved to src/preview/stories (issue 38); kept here for sectionStory.ts and the tests.
export * from '../../src/preview/stories/schemaArgTypes.ts';
