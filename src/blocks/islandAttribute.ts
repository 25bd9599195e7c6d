/**
 * The attribute on an interactive block's wrapper, its value the section id (islands.ts). A module
 * of its own: the page's first script looks for islands (src/app/whenAppNeeded.ts) without the
 * blocks' registry.
 */
export const islandAttribute = 'data-island';
