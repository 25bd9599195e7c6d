/**
 * Where Storybook finds each block's own story: src/blocks/<Block>/<Block>.stories.tsx, listed as
 * Blocks/<Block> (relative to .storybook/, as main.ts's `stories` takes it). A new block folder
 * with its story file is found here with no other change (tests/unit/blocks/newBlock.test.ts).
 */
export const blockStoriesEntry = {
  directory: '../src/blocks',
  files: '*/*.stories.tsx',
  titlePrefix: 'Blocks',
};
