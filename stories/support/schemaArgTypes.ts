// Moved to src/preview/stories (issue 38); kept here for partnerBlockStory.ts and the tests.
export * from '../../src/preview/stories/schemaArgTypes.ts';
