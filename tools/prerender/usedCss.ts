import Beasties from 'beasties';

/**
 * The part of the site's stylesheet a prerendered page uses (issue 40: "only the CSS a page uses
 * is inlined"). The whole stylesheet is about 39 KB, inlined in every page, and a landing page
 * uses about 15 KB of it, a claim-offer page 8 KB: the rest is every other page's and state's.
 * Beasties (the maintained successor of Critters) keeps each rule whose selector matches an
 * element of the page, state pseudo-classes (:hover, :focus-visible) set aside, inside media
 * queries too, and the keyframes those rules name. Every @font-face rule stays whatever the page
 * shows: our fonts are named through a custom property, which Beasties cannot follow.
 *
 * What the page may show later (an open answer, an error, another route) needs the rest: the app
 * links the whole stylesheet as it starts and hydrates once it has arrived
 * (src/app/preloadStart.ts), and as it comes after the inline part, the cascade is the whole
 * stylesheet's.
 */
const beasties = new Beasties({
  reduceInlineStyles: true,
  external: false,
  inlineFonts: false,
  preloadFonts: false,
  fonts: false,
  keyframes: 'critical',
  // A selector of states alone (`:focus-visible`, the focus ring of every element) names no
  // element to look for: it is kept, as any element may take the state.
  allowRules: [/^(?::{1,2}[\w-]+(?:\([^)]*\))?)+$/],
  compress: true,
  logLevel: 'silent',
});

const fontFaces = /@font-face\s*{[^}]*}/g;

/** The rules of `css` that `bodyHtml` (what the page's body holds) uses, fonts included. */
export async function usedCss(css: string, bodyHtml: string): Promise<string> {
  const fonts = css.match(fontFaces) ?? [];
  const rest = css.replace(fontFaces, '');
  // The body may hold styles of its own (the consent notice's), left as they are.
  const page = `<!doctype html><html><head><style id="site-css">${rest}</style></head><body>${bodyHtml}</body></html>`;
  const reduced =
    /<style id="site-css">([\s\S]*?)<\/style>/.exec(await beasties.process(page))?.[1] ?? '';
  return fonts.join('') + reduced;
}
