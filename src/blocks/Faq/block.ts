import type { BlockDefinition } from '../types.ts';

/**
 * Questions open and close their answers (the Radix accordion). Hydrated on its own (its own
 * Suspense boundary), first when touched.
 */
export const block: BlockDefinition = { island: 'interactive' };
