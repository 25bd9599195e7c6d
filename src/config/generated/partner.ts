/* eslint-disable */
/**
 * GENERATED from schemas/partner.schema.json by tools/generate-types.ts. Do not edit: change the schema and run
 * `npm run schemas:types`.
 */

/**
 * One section of a page, written { "id": "...", "type": "...", "props": { ... } }. The type is one of "eachAssessment", "footer", "getTheScan", "hero", "howItWorks", "offer", "retailer", "testimonials"; each type's props are described under its own name.
 */
export type Section =
  | EachAssessmentSection
  | FooterSection
  | GetTheScanSection
  | HeroSection
  | HowItWorksSection
  | OfferSection
  | RetailerSection
  | TestimonialsSection;
/**
 * A short name for this section, unique within its page: it keys the section, names its anchor (#id) and its story.
 */
export type SectionId = string;

/**
 * One partner's branded landing page and offer. Add a partner by adding one file named {id}.json to the partners folder; every setting below is described so that it can be filled in without reading code.
 */
export interface PartnerConfig {
  /**
   * Path to this schema, so that editors can autocomplete and check the file. Keep it as "../schemas/partner.schema.json".
   */
  $schema?: string;
  /**
   * The version of this file's format. Files of an older version are upgraded by `npm run partners:migrate`.
   */
  schemaVersion: 2;
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
    /**
     * Background colour of tinted sections such as 'each assessment includes' (usually the tint colour). The main text colour must be readable on it.
     */
    sectionBackground: string;
    /**
     * Background colour behind the claim-offer pages (offer, payment, home profile, confirmation). Without it the pages are white.
     */
    journeyBackground?: string;
  };
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
   * What the visitor is offered and charged. The price shown comes from priceText; what is charged comes from amountCents and currency, never from the text.
   */
  offer: {
    /**
     * The price as shown on the claim-offer page, such as "$75.00" or "FREE".
     */
    priceText: string;
    /**
     * What is charged, in cents: 7500 for $75.00. 0 makes the offer free: the visitor claims it without a payment form.
     */
    amountCents: number;
    /**
     * Three-letter currency code in lower case, such as "usd".
     */
    currency: string;
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
   * The partner's pages. "landing" is the partner's home page and "claimOffer" the offer page after signup; every other entry is an extra campaign page with its own slug, served at /{partner id}/{slug}.
   */
  pages: {
    landing: Page;
    claimOffer: Page;
    [k: string]: Page;
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
 * One page: an ordered list of sections, top to bottom.
 */
export interface Page {
  /**
   * Only for extra campaign pages: the last part of the page's address, /{partner id}/{slug}.
   */
  slug?: string;
  /**
   * Only for extra campaign pages: the page's title in the browser tab and in link previews.
   */
  title?: string;
  /**
   * Only for extra campaign pages: what search engines and link previews show for the page.
   */
  description?: string;
  /**
   * The sections of the page, top to bottom. Each is written { "id": "...", "type": "...", "props": { ... } }; a type may appear any number of times.
   *
   * @minItems 1
   */
  sections: [Section, ...Section[]];
}
/**
 * The 'each assessment includes' section: four bullets and a banner.
 */
export interface EachAssessmentSection {
  id: SectionId;
  /**
   * Always "eachAssessment".
   */
  type: 'eachAssessment';
  props: EachAssessmentProps;
}
/**
 * The 'each assessment includes' section: four bullets and a banner.
 */
export interface EachAssessmentProps {
  /**
   * Heading of the section, such as "Each assessment includes".
   */
  title: string;
  /**
   * Exactly four things every assessment includes.
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
}
/**
 * The footer: the partner's logo, the site's links and social accounts (config/site.json). It takes no settings.
 */
export interface FooterSection {
  id: SectionId;
  /**
   * Always "footer".
   */
  type: 'footer';
  props: FooterProps;
}
/**
 * The footer: the partner's logo, the site's links and social accounts (config/site.json). It takes no settings.
 */
export interface FooterProps {}
/**
 * The 'get the scan' section: four benefits beside the partner's signup form (the form's fields are partner-wide, under "form").
 */
export interface GetTheScanSection {
  id: SectionId;
  /**
   * Always "getTheScan".
   */
  type: 'getTheScan';
  props: GetTheScanProps;
}
/**
 * The 'get the scan' section: four benefits beside the partner's signup form (the form's fields are partner-wide, under "form").
 */
export interface GetTheScanProps {
  /**
   * Heading above the benefits, such as "Get your home safety scan".
   */
  title: string;
  /**
   * Exactly four benefits shown beside the signup form (usually the same four as 'each assessment includes').
   *
   * @minItems 4
   * @maxItems 4
   *
   * Items: One thing the assessment includes, in a short sentence.
   */
  bullets: [string, string, string, string, ...string[]];
}
/**
 * The first section: a large title over the partner's background picture, with a button down to the signup form.
 */
export interface HeroSection {
  id: SectionId;
  /**
   * Always "hero".
   */
  type: 'hero';
  props: HeroProps;
}
/**
 * The first section: a large title over the partner's background picture, with a button down to the signup form.
 */
export interface HeroProps {
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
}
/**
 * The 'how it works' section: three numbered steps.
 */
export interface HowItWorksSection {
  id: SectionId;
  /**
   * Always "howItWorks".
   */
  type: 'howItWorks';
  props: HowItWorksProps;
}
/**
 * The 'how it works' section: three numbered steps.
 */
export interface HowItWorksProps {
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
}
/**
 * The claim-offer block (spec §2): header, offer badge, product title, the partner's price (under "offer") and the claim form, then the disclaimer. Every setting is optional: the product's defaults are used for what is left out.
 */
export interface OfferSection {
  id: SectionId;
  /**
   * Always "offer".
   */
  type: 'offer';
  props: OfferProps;
}
/**
 * The claim-offer block (spec §2): header, offer badge, product title, the partner's price (under "offer") and the claim form, then the disclaimer. Every setting is optional: the product's defaults are used for what is left out.
 */
export interface OfferProps {
  /**
   * Heading of the page. Default: "Get a Virtual Home Safety Assessment".
   */
  headerText?: string;
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
   * Small print at the bottom of the page. Simple HTML is allowed. Default: "By continuing, I acknowledge that this home safety scan is provided solely by {product}."
   */
  disclaimerHtml?: string;
}
/**
 * The retailer's own block: savings at its stores and local contractor connections. Only a retailer partner lists it.
 */
export interface RetailerSection {
  id: SectionId;
  /**
   * Always "retailer".
   */
  type: 'retailer';
  props: RetailerProps;
}
/**
 * The retailer's own block: savings at its stores and local contractor connections. Only a retailer partner lists it.
 */
export interface RetailerProps {
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
 * The testimonials carousel.
 */
export interface TestimonialsSection {
  id: SectionId;
  /**
   * Always "testimonials".
   */
  type: 'testimonials';
  props: TestimonialsProps;
}
/**
 * The testimonials carousel.
 */
export interface TestimonialsProps {
  /**
   * Heading above the testimonials. Defaults to "What People Are Saying".
   */
  title?: string;
  /**
   * Quotes from people who used the scan, shown in a carousel. Use at least three; seven is usual.
   *
   * @minItems 3
   * @maxItems 12
   *
   * Items: One quote.
   */
  items: [
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
}
