/* eslint-disable @typescript-eslint/consistent-type-imports -- an ambient module declaration cannot import relative paths, only import() types */
/**
 * Every checked partner file (tools/vite-plugin-partners.ts): for the prerender, Storybook and the
 * tests only. The visitor's app never imports it (a lint rule says so): a page carries its own
 * partner only (src/partner/browserCatalog.ts).
 */
declare module 'virtual:partners' {
  export const site: import('./generated/site.ts').SiteConfig;
  export const partners: import('./generated/partner.ts').PartnerConfig[];
}

/** The site-wide settings (config/site.json), the same for every partner. */
declare module 'virtual:site' {
  export const site: import('./generated/site.ts').SiteConfig;
}
