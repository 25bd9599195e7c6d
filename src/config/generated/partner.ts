/* eslint-disable */
/**
 * GENERATED from schemas/partner.schema.json by tools/generate-types.ts. Do not edit: change the schema and run
 * `npm run schemas:types`.
 */

/**
 * One section of the landing page. Write it as { "type": "..." } where the type is one of "hero", "eachAssessment", "howItWorks", "retailer", "testimonials", "getTheScan" or "footer"; the retailer and getTheScan sections take a few settings of their own.
 */
export type LandingSection = PlainSection | RetailerSection | GetTheScanSection;

/**
 * One partner's branded landing page and offer. Add a partner by adding one file named {id}.json to the partners folder; every setting below is described so that it can be filled in without reading code.
 */
export interface PartnerConfig {
  /**
   * Path to this schema, so that editors can autocomplete and check the file. Keep it as "../schemas/partner.schema.json".
   */
  $schema?: string;
  /**
   * The partner's id: lower-case letters, digits and dashes. It is the web address of the partner's page (/{id}) and must equal the file name without .json.
   */
  id: string;
  /**
   * The partner's display name. The browser tab reads '{name} | {product}'.
   */
  name: string;
  /**
   * Host names (no https://, no path) whose visitors always see this partner, whatever the address path says. Leave the list empty when the partner is reached only by its /{id} address. A host name may belong to one partner only.
   *
   * Items: A host name such as "homesafety.example.com" or "localhost".
   */
  hosts: string[];
  /**
   * What search engines and link previews show for the partner's pages.
   */
  meta?: {
    /**
     * One or two sentences shown under the page title in search results and link previews (about 150 characters).
     */
    description: string;
  };
  /**
   * The partner's logo and browser icon.
   */
  branding: {
    /**
     * The logo image, as a path inside the public folder, such as "/partners/acme/logo.svg".
     */
    logoSrc: string;
    /**
     * What a screen reader says for the logo, usually the partner's name.
     */
    logoAlt: string;
    /**
     * The small icon shown in the browser tab, as a path inside the public folder. Without it the product's icon is used.
     */
    faviconSrc?: string;
  };
  /**
   * The partner's colours. Text must stay easy to read: the checker refuses colour pairs whose contrast is too low.
   */
  theme: {
    /**
     * The main text colour: a dark grey, such as #2F3437.
     */
    textColor: string;
    /**
     * The partner's brand colour, used for headings, links, numbers and icons. It must be dark enough to read on white.
     */
    brandColor: string;
    /**
     * A very light version of the brand colour, used behind the hero and cards.
     */
    tintColor: string;
  };
  /**
   * The first section of the landing page: a large title over the partner's background picture.
   */
  hero: {
    /**
     * Background picture for wide screens (about 1440 x 720). Keep its left part calm: the title sits there.
     */
    desktopBg: string;
    /**
     * Picture shown above the title on phones (about 750 x 600).
     */
    mobileBg: string;
    /**
     * The main heading of the page: short and warm.
     */
    title: string;
    /**
     * A line under the title that says what the visitor gets.
     */
    subtitle: string;
    /**
     * A short paragraph under the subtitle.
     */
    description: string;
    /**
     * Text of the button that takes the visitor down to the signup form. Defaults to "Get started".
     */
    ctaText?: string;
  };
  /**
   * The 'each assessment includes' section: four bullets and a banner.
   */
  eachSection: {
    /**
     * Heading of the section, such as "Each assessment includes".
     */
    title: string;
    /**
     * Exactly four things every assessment includes. The same four appear again beside the signup form.
     *
     * @minItems 4
     * @maxItems 4
     *
     * Items: One thing the assessment includes, in a short sentence.
     */
    bullets: [string, string, string, string, ...string[]];
    /**
     * Decorative picture beside the banner text (about 1200 x 420).
     */
    bannerImage: string;
    /**
     * A short, encouraging sentence shown on the banner.
     */
    bannerText: string;
    /**
     * Background colour of this section. The main text colour must be readable on it.
     */
    backgroundColor: string;
  };
  /**
   * The 'how it works' section: three numbered steps.
   */
  dwellWorks: {
    /**
     * Heading of the section, such as "How it works".
     */
    title: string;
    /**
     * Exactly three steps, in order. They are numbered 1, 2 and 3 on the page.
     *
     * @minItems 3
     * @maxItems 3
     *
     * Items: One step of how the scan works.
     */
    cards: [
      {
        /**
         * The step's short heading.
         */
        title: string;
        /**
         * One or two sentences explaining the step.
         */
        description: string;
        /**
         * Picture for the step (about 480 x 320), as a path inside the public folder.
         */
        image: string;
      },
      {
        /**
         * The step's short heading.
         */
        title: string;
        /**
         * One or two sentences explaining the step.
         */
        description: string;
        /**
         * Picture for the step (about 480 x 320), as a path inside the public folder.
         */
        image: string;
      },
      {
        /**
         * The step's short heading.
         */
        title: string;
        /**
         * One or two sentences explaining the step.
         */
        description: string;
        /**
         * Picture for the step (about 480 x 320), as a path inside the public folder.
         */
        image: string;
      },
      ...{
        /**
         * The step's short heading.
         */
        title: string;
        /**
         * One or two sentences explaining the step.
         */
        description: string;
        /**
         * Picture for the step (about 480 x 320), as a path inside the public folder.
         */
        image: string;
      }[],
    ];
  };
  /**
   * The testimonials section.
   */
  sayingAbout: {
    /**
     * Heading above the testimonials. Defaults to "What People Are Saying".
     */
    title?: string;
  };
  /**
   * Quotes from people who used the scan, shown in a carousel. Use at least three; seven is usual.
   *
   * @minItems 3
   * @maxItems 12
   *
   * Items: One quote.
   */
  testimonials: [
    {
      /**
       * A short unique name for this quote, such as "physician".
       */
      id: string;
      /**
       * Round portrait of the author (about 96 x 96), as a path inside the public folder.
       */
      avatar: string;
      /**
       * The quote itself, without quotation marks.
       */
      text: string;
      /**
       * Who said it: a name, or a first name and initial.
       */
      author: string;
      /**
       * The author's role and organisation, or city and state for family members and patients.
       */
      position: string;
    },
    {
      /**
       * A short unique name for this quote, such as "physician".
       */
      id: string;
      /**
       * Round portrait of the author (about 96 x 96), as a path inside the public folder.
       */
      avatar: string;
      /**
       * The quote itself, without quotation marks.
       */
      text: string;
      /**
       * Who said it: a name, or a first name and initial.
       */
      author: string;
      /**
       * The author's role and organisation, or city and state for family members and patients.
       */
      position: string;
    },
    {
      /**
       * A short unique name for this quote, such as "physician".
       */
      id: string;
      /**
       * Round portrait of the author (about 96 x 96), as a path inside the public folder.
       */
      avatar: string;
      /**
       * The quote itself, without quotation marks.
       */
      text: string;
      /**
       * Who said it: a name, or a first name and initial.
       */
      author: string;
      /**
       * The author's role and organisation, or city and state for family members and patients.
       */
      position: string;
    },
    ...{
      /**
       * A short unique name for this quote, such as "physician".
       */
      id: string;
      /**
       * Round portrait of the author (about 96 x 96), as a path inside the public folder.
       */
      avatar: string;
      /**
       * The quote itself, without quotation marks.
       */
      text: string;
      /**
       * Who said it: a name, or a first name and initial.
       */
      author: string;
      /**
       * The author's role and organisation, or city and state for family members and patients.
       */
      position: string;
    }[],
  ];
  /**
   * The signup form in the 'get the scan' section.
   */
  form: {
    /**
     * Heading above the form.
     */
    headerText: string;
    /**
     * Optional line under the heading. Simple HTML is allowed (<strong>, <em>, <br>, <a href>); anything else is removed.
     */
    subtitleHtml?: string;
    /**
     * Text of the form's submit button.
     */
    ctaText: string;
    /**
     * Colour of the submit button: green #B5DA9C or gold #E9CD94.
     */
    buttonColor: '#B5DA9C' | '#E9CD94';
    /**
     * Small print under the button. Defaults to a sentence saying that by continuing the visitor consents to the partner receiving the safety report.
     */
    consentText?: string;
    /**
     * The form's fields, in order. An email field is required.
     *
     * @minItems 1
     * @maxItems 8
     */
    fields: [FormFieldDefinition, ...FormFieldDefinition[]];
  };
  /**
   * The claim-offer page the visitor sees after signing up. Every setting is optional: the product's defaults are used for what is left out.
   */
  claimOffer?: {
    /**
     * Background colour behind the claim-offer page.
     */
    layoutBg?: string;
    /**
     * Heading of the page. Default: "Get a Virtual Home Safety Assessment".
     */
    headerText?: string;
    /**
     * Small print at the bottom of the page. Simple HTML is allowed. Default: "By continuing, I acknowledge that this home safety scan is provided solely by {product}."
     */
    disclaimerHtml?: string;
    /**
     * Text of the offer badge. Default: "Exclusive Limited-Time Offer:".
     */
    offerBadgeText?: string;
    /**
     * Background colour of the offer badge. The main text colour must be readable on it.
     */
    badgeBgColor?: string;
    /**
     * Name of what is being bought. Simple HTML is allowed. Default: "Virtual Home Safety Scan".
     */
    productTitleHtml?: string;
    /**
     * The price as shown, such as "$75.00" or "FREE". Default: "$75.00".
     */
    priceText?: string;
    /**
     * The payment campaign this partner's purchases belong to, one for testing (dev) and one for real payments (prod). Without it the product's default campaign is used.
     */
    campaignId?: {
      /**
       * Campaign id used while testing.
       */
      dev: string;
      /**
       * Campaign id used for real payments.
       */
      prod: string;
    };
  };
  /**
   * The partner's pages, each an ordered list of sections.
   */
  pages: {
    /**
     * The landing page.
     */
    landing: {
      /**
       * The sections of the landing page, top to bottom. Each is written { "type": "..." }; a type may appear once.
       *
       * @minItems 1
       */
      sections: [LandingSection, ...LandingSection[]];
    };
  };
}
/**
 * One field of the signup form.
 */
export interface FormFieldDefinition {
  /**
   * The field's name in the data sent to us: "email", "zipCode", "describeHome", or another name in camelCase.
   */
  name: string;
  /**
   * The visible label above the field. Without it the placeholder (or the name) is used.
   */
  label?: string;
  /**
   * Hint text shown inside the empty field; for a select, the text of its empty first choice.
   */
  placeholder?: string;
  /**
   * What kind of field: "email" for an email address, "zip" for a 5-digit US zip code, "select" for a choice from a list.
   */
  type: 'email' | 'zip' | 'select';
  /**
   * Which on-screen keyboard phones show. Zip fields use "numeric" (the default for them).
   */
  inputMode?: 'numeric' | 'email' | 'text';
  /**
   * true if the visitor must fill in this field.
   */
  required: boolean;
  /**
   * A rule the answer must follow, with an optional message that replaces the default one. "email" and "zip" rules apply to their field types anyway; use them here to change the message. "regex" adds a rule of your own.
   */
  validation?: {
    /**
     * Which rule: "email", "zip" (exactly 5 digits) or "regex" (your own pattern).
     */
    kind: 'email' | 'zip' | 'regex';
    /**
     * For a "regex" rule: the regular expression the whole answer must match.
     */
    pattern?: string;
    /**
     * The message shown when the rule is broken.
     */
    message?: string;
  };
  /**
   * For a select field: the choices, in order.
   *
   * Items: One choice.
   */
  options?: {
    /**
     * What is sent to us when this choice is picked (no spaces), such as "caregiver".
     */
    value: string;
    /**
     * What the visitor reads.
     */
    label: string;
  }[];
}
/**
 * A section that takes its content from the settings above.
 */
export interface PlainSection {
  /**
   * Which section.
   */
  type: 'hero' | 'eachAssessment' | 'howItWorks' | 'testimonials' | 'footer';
}
/**
 * The retailer's own block: savings at its stores and local contractor connections. Only a retailer partner lists it.
 */
export interface RetailerSection {
  /**
   * Always "retailer".
   */
  type: 'retailer';
  /**
   * Heading of the block.
   */
  title: string;
  /**
   * A short paragraph under the heading.
   */
  text: string;
  /**
   * Two to four short benefits.
   *
   * @minItems 2
   * @maxItems 4
   *
   * Items: One benefit.
   */
  bullets: [string, string, ...string[]];
  /**
   * Decorative picture for the block (about 960 x 540).
   */
  image: string;
}
/**
 * The 'get the scan' section: the four bullets of 'each assessment includes' beside the signup form.
 */
export interface GetTheScanSection {
  /**
   * Always "getTheScan".
   */
  type: 'getTheScan';
  /**
   * Heading above the benefits, such as "Get your home safety scan".
   */
  title: string;
}
