import type { BlockDefinition } from '../types.ts';

/**
 * The carousel (Swiper): swiping, arrows and its Play/Pause button. Hydrated on its own (its own
 * Suspense boundary), first when touched.
 */
export const block: BlockDefinition = { island: 'interactive' };
