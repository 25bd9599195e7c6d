/* eslint-disable */
/**
 * GENERATED from schemas/site.schema.json by tools/generate-types.ts. Do not edit: change the schema and run
 * `npm run schemas:types`.
 */

/**
 * Settings shared by every partner page: the product's name, the footer and the copyright line.
 */
export interface SiteConfig {
  /**
   * Path to this schema, so that editors can autocomplete and check the file.
   */
  $schema?: string;
  /**
   * The product's name. Page titles read '{partner name} | {product}'.
   */
  product: string;
  /**
   * The product's browser icon, used when a partner has none.
   */
  faviconSrc?: string;
  /**
   * The year in the footer's copyright line.
   */
  copyrightYear: number;
  /**
   * Who holds the copyright, shown after the year.
   */
  copyrightHolder: string;
  /**
   * The footer shown at the bottom of every landing page.
   */
  footer: {
    /**
     * The footer's text links, in order: privacy policy, terms of service and contact.
     *
     * @minItems 1
     *
     * Items: One link.
     */
    links: [
      {
        /**
         * The link's text.
         */
        label: string;
        /**
         * Where it goes: an https address or a mailto: address.
         */
        href: string;
      },
      ...{
        /**
         * The link's text.
         */
        label: string;
        /**
         * Where it goes: an https address or a mailto: address.
         */
        href: string;
      }[],
    ];
    /**
     * The product's social media pages, shown as icons.
     *
     * Items: One social media page.
     */
    social: {
      /**
       * Which network, so the right icon is shown.
       */
      network: 'facebook' | 'instagram' | 'linkedin' | 'youtube' | 'x';
      /**
       * The page's https address.
       */
      href: string;
    }[];
  };
}
