/** The checked partner and site files, produced by tools/vite-plugin-partners.ts. */
declare module 'virtual:partners' {
  export const site: import('./generated/site.ts').SiteConfig;
  export const partners: import('./generated/partner.ts').PartnerConfig[];
}
