/** The checked partner and site files, produced by tools/vite-plugin-partners.ts. */
declare module 'virtual:partners' {
  import type { PartnerConfig } from './generated/partner.ts';
  import type { SiteConfig } from './generated/site.ts';
  export const site: SiteConfig;
  export const partners: PartnerConfig[];
}
