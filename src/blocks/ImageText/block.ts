import type { BlockDefinition } from '../types.ts';

/**
 * A picture, text and a link: plain HTML. Prerendered HTML that the browser keeps as it is: never
 * hydrated, its code never downloaded with a prerendered page (src/blocks/registry.ts).
 */
export const block: BlockDefinition = { island: 'static' };
