import type { Meta } from '@storybook/react-vite';
import { PartnerBlockStory } from './PartnerBlockStory.tsx';
import { preloadLazyParts } from './preloadLazyParts.ts';
import { blockArgTypes } from './schemaArgTypes.ts';

/**
 * The story of a block type, in the block's own folder (src/blocks/<Block>/<Block>.stories.tsx,
 * listed under Blocks): the block as the partner's landing page shows it, themed by the
 * toolbar's Partner global ("All partners side by side" compares them). Its Controls come from the
 * block's props schema (blockArgTypes), so a designer can try a variant of a block (another title,
 * colour or list) for any partner without the studio. The partner is a toolbar global here, so the
 * Controls start empty: an empty control keeps that partner's own value. (The stories under
 * Partners/<id>/Blocks, generated from the partners folder, start at the partner's values.)
 * The story file adds the `uses-partner-global` tag itself: Storybook reads tags from the file.
 */
export function blockStoryMeta(type: string) {
  return {
    component: PartnerBlockStory,
    args: { partnerId: 'demo', page: 'landing', type },
    argTypes: { partnerId: { control: false }, ...blockArgTypes(type) },
    // Blocks are lazily loaded chunks: loaded first, so axe and the play functions see the block.
    loaders: [preloadLazyParts],
  } satisfies Meta<typeof PartnerBlockStory>;
}
