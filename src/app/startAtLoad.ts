/**
 * On `#root` of a prerendered page that shows what the build cannot know (an offer that opens or
 * ends on a date, judged by the visitor's clock): the app starts as the page settles, not on the
 * visitor's first act (src/app/whenAppNeeded.ts). Written by tools/prerender/.
 */
export const startAtLoadAttribute = 'data-start-at-load';
