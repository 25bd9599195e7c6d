/* eslint-disable */
/**
 * GENERATED from schemas/partner.schema.json by tools/generate-types.ts. Do not edit: change the schema and run
 * `npm run schemas:types`.
 */

/**
 * A language the product speaks, by its two-letter code: "en" English, "es" Spanish.
 */
export type Language = 'en' | 'es';
/**
 * One block of a page, written { "id": "...", "type": "...", "props": { ... } }. The type is one of "ctaBanner", "eachAssessment", "faq", "footer", "getTheScan", "hero", "howItWorks", "imageText", "offer", "retailer", "richText", "stats", "testimonials"; each type's props are described under its own name.
 */
export type Block =
  | CtaBannerBlock
  | EachAssessmentBlock
  | FaqBlock
  | FooterBlock
  | GetTheScanBlock
  | HeroBlock
  | HowItWorksBlock
  | ImageTextBlock
  | OfferBlock
  | RetailerBlock
  | RichTextBlock
  | StatsBlock
  | TestimonialsBlock;
/**
 * A short name for this block, unique within its page: it keys the block, names its anchor (#id) and its story.
 */
export type BlockId = string;
/**
 * Where the button leads: { "scrollToForm": true } for the signup form, or { "page": "springOffer" } for another page of this partner (its key under "pages").
 */
export type BlockAction = ScrollToFormAction | PageLinkAction;
/**
 * Where the button leads: { "scrollToForm": true } or { "page": "<page key>" }.
 */
export type BlockAction1 = ScrollToFormAction | PageLinkAction;

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
   * The languages this partner's pages are offered in, English first, such as ["en", "es"]. Each language other than English gets its own addresses (/{partner id}/es/...) and needs every text of the file given in it under "translations". Left out: English only.
   *
   * @minItems 1
   */
  languages?: [Language, ...Language[]];
  /**
   * The file's texts in each listed language other than English, keyed by language code: { "es": { ... } }. Each holds the same texts in the same places as the English ones (the name, the logo's description, the search description, the signup form, the price text, and each page's blocks by their id), and only the texts: pictures, colours and settings come from the English ones. `npm run partners:check` names every text still missing.
   */
  translations?: {
    [k: string]: Translation;
  };
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
   * The partner's colors. Text must stay easy to read: the checker refuses color pairs whose contrast is too low.
   */
  theme: {
    /**
     * The main text color: a dark gray, such as #2F3437.
     */
    textColor: string;
    /**
     * The partner's brand color, used for headings, links, numbers and icons. It must be dark enough to read on white.
     */
    brandColor: string;
    /**
     * A very light version of the brand color, used behind the hero and cards.
     */
    tintColor: string;
    /**
     * Background color of tinted blocks such as 'each assessment includes' (usually the tint color). The main text color must be readable on it.
     */
    sectionBackground: string;
    /**
     * Background color behind the claim-offer pages (offer, payment, home profile, confirmation). Without it the pages are white.
     */
    journeyBackground?: string;
  };
  /**
   * The signup form in the 'get the scan' block.
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
     * Color of the submit button: green #B5DA9C or gold #E9CD94.
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
    schedule?: Schedule;
  };
  /**
   * The partner's pages. "landing" is the partner's home page and "claimOffer" the offer page after signup; every other entry is an extra campaign page with its own slug, served at /{partner id}/{slug}.
   */
  pages: {
    landing: Page;
    claimOffer: Page;
    [k: string]: Page;
  };
  /**
   * The partner's own analytics and advertising tags, whether visitors are asked before they load, and the partner's own system that hears about each order. Left out: the partner's pages load no tags of their own (the site-wide ones, if any, are used) and no order is sent anywhere but our own report. Secrets (API secrets, access tokens, signing keys) never go in this file: they are set on the server, named per partner (see docs/measurement.md).
   */
  measurement?: {
    /**
     * The partner's Google Analytics 4 measurement ID, such as "G-AB12CD34EF". Only this partner's pages load it.
     */
    googleTagId?: string;
    /**
     * The partner's Google Tag Manager container ID, such as "GTM-AB12CD3". Only this partner's pages load it.
     */
    tagManagerId?: string;
    /**
     * The partner's Meta (Facebook) pixel ID: a number of 10 to 20 digits. Only this partner's pages load it.
     */
    metaPixelId?: string;
    /**
     * Show a notice that asks visitors whether analytics and advertising tags may be used, before any of them loads. Turn it on when the partner's tags need consent where its visitors live. Off: tags load unless the visitor's browser sends a Global Privacy Control signal, which always refuses advertising use.
     */
    askConsent?: boolean;
    /**
     * An https address of the partner's own system (a CRM or a data warehouse) that receives each paid or claimed order, signed so that it can check the sender. Its signing key is set on the server.
     */
    orderEndpoint?: string;
  };
  /**
   * Whether visitors of this partner's pages get the experiment cookie (hs_visitor: a random id, first-party, kept 180 days, no personal data) that keeps each visitor in the same variant of a page on every visit. false: no cookie is set and every visitor sees each page as written (its control), so the partner's experiments gather no results. Defaults to true.
   */
  experimentCookie?: boolean;
}
/**
 * The partner's texts in one language. Every key is optional here, but `npm run partners:check` asks for each text the English file has.
 */
export interface Translation {
  /**
   * The partner's name in this language (often the same).
   */
  name?: string;
  /**
   * The logo's description for screen readers.
   */
  branding?: {
    /**
     * What a screen reader says for the logo.
     */
    logoAlt?: string;
  };
  /**
   * What search engines and link previews show.
   */
  meta?: {
    /**
     * The search description in this language.
     */
    description?: string;
  };
  /**
   * The signup form's texts.
   */
  form?: {
    /**
     * Heading above the form.
     */
    headerText?: string;
    /**
     * Line under the heading (simple HTML).
     */
    subtitleHtml?: string;
    /**
     * The submit button's text.
     */
    ctaText?: string;
    /**
     * The small print under the button.
     */
    consentText?: string;
    /**
     * The fields' texts, in the English list's order.
     */
    fields?: TranslatedField[];
  };
  /**
   * The offer's texts.
   */
  offer?: {
    /**
     * The price as shown, such as "$75.00" or "GRATIS".
     */
    priceText?: string;
  };
  /**
   * Each page's texts, by the page's key ("landing", "claimOffer", a campaign page's key).
   */
  pages?: {
    [k: string]: TranslatedPage;
  };
}
/**
 * One signup field's texts in this language.
 */
export interface TranslatedField {
  /**
   * The field's label.
   */
  label?: string;
  /**
   * The hint inside the empty field.
   */
  placeholder?: string;
  /**
   * The field's own error message.
   */
  validation?: {
    /**
     * The message shown when the answer does not follow the rule.
     */
    message?: string;
  };
  /**
   * The choices' labels, in the English list's order.
   */
  options?: {
    /**
     * What the visitor reads for this choice.
     */
    label?: string;
  }[];
}
/**
 * One page's texts in this language: its blocks' texts by block id ({ "hero": { "title": "..." } }), and for an extra campaign page its "title" and "description".
 */
export interface TranslatedPage {
  [k: string]: TranslatedBlock | string;
}
/**
 * One block's texts in this language, written like its props but with only the texts: { "title": "...", "cards": [ { "title": "...", "description": "..." } ] }. Lists follow the English list's order, one entry for each.
 */
export interface TranslatedBlock {
  [k: string]: unknown;
}
/**
 * One field of the signup form.
 */
export interface FormFieldDefinition {
  /**
   * The field's name in the data sent to us: "email", "zipCode", "describeHome", or another name written as one word, each further word starting with a capital letter.
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
   * Ticked: the visitor must fill in this field.
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
 * When the offer can be claimed (ISO times with their zone; start included, end excluded), for a limited-time offer. Before the start, the signup forms and the claim show a notice with the date it opens; from the end on, a notice that it has ended; and the server opens no checkout. The pages themselves stay up. Left out: the offer is always open.
 */
export interface Schedule {
  /**
   * The first moment it is shown.
   */
  start?: string;
  /**
   * The moment it stops being shown; it must come after the start.
   */
  end?: string;
}
/**
 * One page: an ordered list of blocks, top to bottom.
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
   * The blocks of the page, top to bottom. Each is written { "id": "...", "type": "...", "props": { ... } }; a type may appear any number of times.
   *
   * @minItems 1
   */
  sections: [Block, ...Block[]];
  schedule?: Schedule1;
  experiment?: Experiment;
}
/**
 * A call-to-action banner: a short heading and sentence in a dark band in the partner's brand color, with one button that scrolls to the signup form or opens another page of the partner.
 */
export interface CtaBannerBlock {
  id: BlockId;
  /**
   * Always "ctaBanner".
   */
  type: 'ctaBanner';
  props: CtaBannerProps;
}
/**
 * A call-to-action banner: a short heading and sentence in a dark band in the partner's brand color, with one button that scrolls to the signup form or opens another page of the partner.
 */
export interface CtaBannerProps {
  /**
   * The banner's heading: short and direct, such as "Ready for a safer home?".
   */
  title: string;
  /**
   * An optional sentence under the heading.
   */
  text?: string;
  /**
   * The button's text, saying what happens, such as "Get my scan".
   */
  buttonText: string;
  action: BlockAction;
}
/**
 * Scroll to the signup form
 */
export interface ScrollToFormAction {
  /**
   * Ticked: the button scrolls to the signup form of this page, or opens the landing page at its form when this page has none.
   */
  scrollToForm: true;
}
/**
 * Open another page of this partner
 */
export interface PageLinkAction {
  /**
   * The key of another page of this partner under "pages", such as "landing" or "springOffer" (the key, not the slug). The checker refuses a page that does not exist.
   */
  page: string;
}
/**
 * The 'each assessment includes' block: four bullets and a banner.
 */
export interface EachAssessmentBlock {
  id: BlockId;
  /**
   * Always "eachAssessment".
   */
  type: 'eachAssessment';
  props: EachAssessmentProps;
}
/**
 * The 'each assessment includes' block: four bullets and a banner.
 */
export interface EachAssessmentProps {
  /**
   * Heading of the block, such as "Each assessment includes".
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
 * Frequently asked questions: a heading over a list of questions that each open to show their answer.
 */
export interface FaqBlock {
  id: BlockId;
  /**
   * Always "faq".
   */
  type: 'faq';
  props: FaqProps;
}
/**
 * Frequently asked questions: a heading over a list of questions that each open to show their answer.
 */
export interface FaqProps {
  /**
   * Heading of the block, such as "Questions people ask".
   */
  title: string;
  /**
   * Ticked: visitors can open several answers at once. Not ticked (the default): opening an answer closes the one open.
   */
  allowMultipleOpen?: boolean;
  /**
   * The questions, in order (one to twenty).
   *
   * @minItems 1
   * @maxItems 20
   *
   * Items: One question and its answer.
   */
  items: [
    {
      /**
       * The question, as a visitor would ask it.
       */
      question: string;
      /**
       * The answer. Plain text works; simple HTML is allowed too (<p>, <ul>, <ol>, <li>, <strong>, <em>, <br> and <a href> links). Anything else is removed before display.
       */
      answerHtml: string;
    },
    ...{
      /**
       * The question, as a visitor would ask it.
       */
      question: string;
      /**
       * The answer. Plain text works; simple HTML is allowed too (<p>, <ul>, <ol>, <li>, <strong>, <em>, <br> and <a href> links). Anything else is removed before display.
       */
      answerHtml: string;
    }[],
  ];
}
/**
 * The footer: the partner's logo, the site's links and social accounts (config/site.json). It takes no settings.
 */
export interface FooterBlock {
  id: BlockId;
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
 * The 'get the scan' block: four benefits beside the partner's signup form (the form's fields are partner-wide, under "form").
 */
export interface GetTheScanBlock {
  id: BlockId;
  /**
   * Always "getTheScan".
   */
  type: 'getTheScan';
  props: GetTheScanProps;
}
/**
 * The 'get the scan' block: four benefits beside the partner's signup form (the form's fields are partner-wide, under "form").
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
 * The first block: a large title over the partner's background picture, with a button down to the signup form.
 */
export interface HeroBlock {
  id: BlockId;
  /**
   * Always "hero".
   */
  type: 'hero';
  props: HeroProps;
}
/**
 * The first block: a large title over the partner's background picture, with a button down to the signup form.
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
 * The 'how it works' block: three numbered steps.
 */
export interface HowItWorksBlock {
  id: BlockId;
  /**
   * Always "howItWorks".
   */
  type: 'howItWorks';
  props: HowItWorksProps;
}
/**
 * The 'how it works' block: three numbered steps.
 */
export interface HowItWorksProps {
  /**
   * Heading of the block, such as "How it works".
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
 * A picture beside a heading and text, the picture on the left or the right (on phones it sits above the text), with an optional button.
 */
export interface ImageTextBlock {
  id: BlockId;
  /**
   * Always "imageText".
   */
  type: 'imageText';
  props: ImageTextProps;
}
/**
 * A picture beside a heading and text, the picture on the left or the right (on phones it sits above the text), with an optional button.
 */
export interface ImageTextProps {
  /**
   * The picture (about 960 x 720, landscape), as a path inside the public folder.
   */
  image: string;
  /**
   * What the picture shows, for visitors who cannot see it, such as "A grab bar beside a bathtub". Leave it out when the picture is only decoration.
   */
  imageAlt?: string;
  /**
   * Which side the picture sits on, on wider screens: "left" or "right".
   */
  imageSide: 'left' | 'right';
  /**
   * Heading beside the picture.
   */
  title: string;
  /**
   * The text under the heading. Plain text works; simple HTML is allowed too (<p>, <ul>, <ol>, <li>, <strong>, <em>, <br> and <a href> links). Anything else is removed before display.
   */
  bodyHtml: string;
  /**
   * An optional button under the text.
   */
  button?: {
    /**
     * The button's text, saying where it leads, such as "See the spring offer".
     */
    text: string;
    action: BlockAction1;
  };
  /**
   * The block's background: "white" (the default) or "tint" for the partner's light background color.
   */
  background?: 'white' | 'tint';
}
/**
 * The offer (spec §2): header, offer badge, product title, the partner's price (under "offer"), what it includes, the claim, then the disclaimer. On the claimOffer page (exactly one there) it holds the claim: the email the signup brought with the button on to checkout, or the signup form for a visitor who came by a link. On a campaign page it shows the offer with the partner's signup form, and sending the form goes straight to the checkout (or a free offer's claim), so the campaign converts on its own page. Not on the landing page, whose signup form leads to the claim-offer page. Every setting is optional: the product's defaults are used for what is left out.
 */
export interface OfferBlock {
  id: BlockId;
  /**
   * Always "offer".
   */
  type: 'offer';
  props: OfferProps;
}
/**
 * The offer (spec §2): header, offer badge, product title, the partner's price (under "offer"), what it includes, the claim, then the disclaimer. On the claimOffer page (exactly one there) it holds the claim: the email the signup brought with the button on to checkout, or the signup form for a visitor who came by a link. On a campaign page it shows the offer with the partner's signup form, and sending the form goes straight to the checkout (or a free offer's claim), so the campaign converts on its own page. Not on the landing page, whose signup form leads to the claim-offer page. Every setting is optional: the product's defaults are used for what is left out.
 */
export interface OfferProps {
  /**
   * Heading of the offer (on the claim-offer page, the page's heading). Default: "Get a Virtual Home Safety Assessment".
   */
  headerText?: string;
  /**
   * Text of the offer badge. Default: "Exclusive Limited-Time Offer:".
   */
  offerBadgeText?: string;
  /**
   * Background color of the offer badge. The main text color must be readable on it.
   */
  badgeBgColor?: string;
  /**
   * Name of what is being bought. Simple HTML is allowed. Default: "Virtual Home Safety Scan".
   */
  productTitleHtml?: string;
  /**
   * What the offer includes, shown as a check list under the price, such as "A room-by-room action plan". Left out: no list.
   *
   * @minItems 1
   * @maxItems 6
   *
   * Items: One thing the offer includes, in a short sentence.
   */
  includedItems?: [string, ...string[]];
  /**
   * Small print at the bottom of the offer. Simple HTML is allowed. Default: "By continuing, I acknowledge that this home safety scan is provided solely by {product}."
   */
  disclaimerHtml?: string;
}
/**
 * The retailer's own block: savings at its stores and local contractor connections. Only a retailer partner lists it.
 */
export interface RetailerBlock {
  id: BlockId;
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
 * A block of formatted text: an optional heading over paragraphs, lists and links. For terms of an offer, a longer story, or anything the fixed blocks do not say.
 */
export interface RichTextBlock {
  id: BlockId;
  /**
   * Always "richText".
   */
  type: 'richText';
  props: RichTextProps;
}
/**
 * A block of formatted text: an optional heading over paragraphs, lists and links. For terms of an offer, a longer story, or anything the fixed blocks do not say.
 */
export interface RichTextProps {
  /**
   * Optional heading above the text, such as "About this offer".
   */
  title?: string;
  /**
   * The text. Simple HTML is allowed: <p> for paragraphs, <ul> or <ol> with <li> for lists, <strong>, <em>, <br> and <a href> links to https, http or mailto addresses. Anything else is removed before display.
   */
  bodyHtml: string;
  /**
   * The block's background: "white" (the default) or "tint" for the partner's light background color, to set it apart from its neighbours.
   */
  background?: 'white' | 'tint';
}
/**
 * A row of two to four short facts or trust badges, such as "4.8 out of 5 / average rating", each with an optional small icon.
 */
export interface StatsBlock {
  id: BlockId;
  /**
   * Always "stats".
   */
  type: 'stats';
  props: StatsProps;
}
/**
 * A row of two to four short facts or trust badges, such as "4.8 out of 5 / average rating", each with an optional small icon.
 */
export interface StatsProps {
  /**
   * Optional heading above the row, such as "Trusted by families".
   */
  title?: string;
  /**
   * Two to four facts, shown side by side on wide screens and stacked on phones.
   *
   * @minItems 2
   * @maxItems 4
   *
   * Items: One fact: a short value in large type and a label under it.
   */
  items: [
    {
      /**
       * The value in large type: a number or a very short phrase, such as "15 min", "4.8/5" or "HSA/FSA".
       */
      value: string;
      /**
       * What the value means, read after it, such as "to scan a whole home".
       */
      label: string;
      /**
       * An optional small icon drawn above the value: "shield", "star", "home", "clock", "check" or "heart". It is decoration only; the value and label carry the meaning.
       */
      icon?: 'shield' | 'star' | 'home' | 'clock' | 'check' | 'heart';
    },
    {
      /**
       * The value in large type: a number or a very short phrase, such as "15 min", "4.8/5" or "HSA/FSA".
       */
      value: string;
      /**
       * What the value means, read after it, such as "to scan a whole home".
       */
      label: string;
      /**
       * An optional small icon drawn above the value: "shield", "star", "home", "clock", "check" or "heart". It is decoration only; the value and label carry the meaning.
       */
      icon?: 'shield' | 'star' | 'home' | 'clock' | 'check' | 'heart';
    },
    ...{
      /**
       * The value in large type: a number or a very short phrase, such as "15 min", "4.8/5" or "HSA/FSA".
       */
      value: string;
      /**
       * What the value means, read after it, such as "to scan a whole home".
       */
      label: string;
      /**
       * An optional small icon drawn above the value: "shield", "star", "home", "clock", "check" or "heart". It is decoration only; the value and label carry the meaning.
       */
      icon?: 'shield' | 'star' | 'home' | 'clock' | 'check' | 'heart';
    }[],
  ];
  /**
   * The row's background: "tint" (the default) for the partner's light background color, or "white".
   */
  background?: 'white' | 'tint';
}
/**
 * The testimonials carousel.
 */
export interface TestimonialsBlock {
  id: BlockId;
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
       * The author's role and organization, or city and state for family members and patients.
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
       * The author's role and organization, or city and state for family members and patients.
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
       * The author's role and organization, or city and state for family members and patients.
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
       * The author's role and organization, or city and state for family members and patients.
       */
      position: string;
    }[],
  ];
}
/**
 * Only for extra campaign pages: when the page is live. Outside it, its address takes visitors to the partner's landing page.
 */
export interface Schedule1 {
  /**
   * The first moment it is shown.
   */
  start?: string;
  /**
   * The moment it stops being shown; it must come after the start.
   */
  end?: string;
}
/**
 * Variants of this page for an A/B test (optional).
 */
export interface Experiment {
  /**
   * The share of visitors who see the page as written (the control), against the variants' weights. Defaults to 50.
   */
  controlWeight?: number;
  /**
   * Names this test's draw of visitors, so a new test on a page puts people in versions afresh instead of in the same ones an earlier test on the page gave them. Any short name, different for each test, such as "spring-2027-headline"; Partner Studio writes one when it adds a test. Never change it while the test runs: that would move visitors to other versions. Giving a seed draws with hash version 2.
   */
  seed?: string;
  /**
   * How visitors are drawn into versions. 1: from the visitor, partner and page only, so every test on the page draws the same people alike (tests from before seeds existed keep it, so their visitors keep their versions). 2: from the seed too, so each test draws afresh. Defaults to 2 when the test has a seed, else 1.
   */
  hashVersion?: 1 | 2;
  /**
   * The page's variants.
   *
   * @minItems 1
   * @maxItems 8
   */
  variants: [Variant, ...Variant[]];
}
/**
 * Another version of the page, shown to a share of its visitors instead of the page as written (the control). Write either "sections" (a whole list of blocks of its own) or "overrides" (new props for some of the page's blocks, by block id).
 */
export interface Variant {
  /**
   * A short name for the variant, unique within its page, such as "short-hero". It names the variant in the report and in a review address (?variant=short-hero). "control" is the page as written and cannot be used.
   */
  id: string;
  /**
   * The variant's share of visitors, against the control's weight and the other variants' weights: with a control weight of 50 and one variant of weight 50, half the visitors see each. 0 pauses the variant.
   */
  weight: number;
  /**
   * What the variant tries, for the people reading the report (never shown to visitors).
   */
  note?: string;
  schedule?: Schedule2;
  /**
   * The variant's own blocks, top to bottom, instead of the page's.
   *
   * @minItems 1
   */
  sections?: [Block, ...Block[]];
  /**
   * New props for some of the page's blocks: { "<block id>": { "<prop>": <new value> } }. Each named prop replaces the block's own; the others stay.
   */
  overrides?: {
    /**
     * The block's new props.
     */
    [k: string]: {
      [k: string]: unknown;
    };
  };
  /**
   * The variant's own texts in each listed language other than English, by block id: { "es": { "hero": { "title": "..." } } }: the texts its overrides change, or every text of its own blocks.
   */
  translations?: {
    [k: string]: TranslatedBlocks;
  };
}
/**
 * When the variant runs. Outside it, its visitors see the control and the other variants, as the weights say.
 */
export interface Schedule2 {
  /**
   * The first moment it is shown.
   */
  start?: string;
  /**
   * The moment it stops being shown; it must come after the start.
   */
  end?: string;
}
/**
 * Blocks' texts in this language, by block id: { "<block id>": { "<prop>": "..." } }.
 */
export interface TranslatedBlocks {
  [k: string]: TranslatedBlock;
}
