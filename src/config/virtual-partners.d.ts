/* eslint-disable @typescript-eslint/consistent-type-imports -- an ambient module declaration cannot import relative paths, only import() types */
/** The checked partner and site files, produced by tools/vite-plugin-partners.ts. */
declare module 'virtual:partners' {
  export const site: import('./generated/site.ts').SiteConfig;
  export const partners: import('./generated/partner.ts').PartnerConfig[];
}
