import type { Island } from '../types.ts';

/**
 * The carousel (Swiper): swiping, arrows and its Play/Pause button. Hydrated on its own (its own
 * Suspense boundary), first when touched.
 */
export const island: Island = 'interactive';
