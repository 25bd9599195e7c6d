import type { BlockDefinition } from '../types.ts';

/**
 * The signup form: typing, validation and sending. Hydrated on its own (its own Suspense
 * boundary), first when touched.
 */
export const block: BlockDefinition = { island: 'interactive' };
