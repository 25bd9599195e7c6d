import { join } from 'node:path';

/**
 * Node's arguments that start Vitest, before its own (`run`, ...). Vitest's main process decodes
 * and compares every visual test's screenshots (@vitest/browser's PNG codec, in JavaScript, about
 * 650 MB of pixels a run): with V8's default young generation a quarter of its time went to
 * garbage collection. A larger one (64 MB semi-spaces, as `npm run start:built` gives the server)
 * took the Storybook project alone from 187-200 to 179-180 CPU seconds (the main process 62 to 53
 * s, its collector 14.6 to 10.8 s); the end-to-end files, whose Node side allocates little, were
 * the same either way (129-142 CPU seconds for two files both ways).
 */
export const vitestNodeArgs = (root: string): string[] => [
  '--max-semi-space-size=64',
  join(root, 'node_modules/vitest/vitest.mjs'),
];
