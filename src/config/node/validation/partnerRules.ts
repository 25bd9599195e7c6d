import type {
  BlockAction,
  FormFieldDefinition,
  Page,
  PartnerConfig,
  Block,
} from '../../generated/partner.ts';
import { campaignPages } from '../../pages.ts';
import partnerSchema from '../../../../schemas/partner.schema.json' with { type: 'json' };
import { siteAddressUse } from '../../siteAddresses.ts';
import { profileDescribeHomeOptions, profileValueForOption } from '../../describeHomeMapping.ts';
import type { Problem } from './problem.ts';
import { dollarTextCents } from '../../offer.ts';
import { isPicturePair, oneXPath } from '../../pictureRule.ts';
import { contrastRatio, minimumTextContrast } from '../../contrast.ts';
import { textBackgrounds, valuesOfDefinition } from '../../blockAnnotations.ts';
import { placementFindings, repeatedItemProblems } from './blockRules.ts';
import { dynamicTextProblems } from './dynamicTextRules.ts';
import { problemsOfEveryVersion } from './versionProblems.ts';

/**
 * The rules a JSON Schema cannot say. Each returns problems with a JSON pointer and one plain
 * sentence. Only files that already passed the schema reach these rules. A rule reads the pages
 * as written; each variant of a page is checked by the same rules on its own version of the
 * page, and its problems reported inside the variant (versionProblems.ts).
 */
interface LoadedPartner {
  file: string;
  config: PartnerConfig;
}

interface RuleContext {
  assetExists: (publicPath: string) => boolean;
}

type Rule = (partner: LoadedPartner, context: RuleContext) => Problem[];

const white = '#FFFFFF';

/** The assembled schema's definitions: each block's props schema carries its own rules. */
const defs = partnerSchema.$defs;

/** /{id} is the partner's page, so an id cannot be an address the site itself answers. */
const idIsFree: Rule = ({ file, config }) => {
  const use = siteAddressUse(config.id);
  return use === undefined
    ? []
    : [
        {
          file,
          pointer: '/id',
          message: `the address /${config.id} belongs to ${use}, so it cannot be a partner's page; choose another id, such as "${config.id}-homes"`,
        },
      ];
};

const fileNameMatchesId: Rule = ({ file, config }) => {
  const expected = `${config.id}.json`;
  return file.endsWith(`/${expected}`)
    ? []
    : [
        {
          file,
          pointer: '/id',
          message: `the id ${JSON.stringify(config.id)} must match the file name; rename the file to ${expected} or change the id`,
        },
      ];
};

function fieldProblems(field: FormFieldDefinition, at: string): string[][] {
  const found: string[][] = [];
  const hasOptions = (field.options?.length ?? 0) > 0;
  if (field.type === 'select' && !hasOptions) {
    found.push([at, 'a select field needs at least one option']);
  }
  if (field.type !== 'select' && field.options !== undefined) {
    found.push([
      `${at}/options`,
      'only a select field can have options; remove them or make it a select',
    ]);
  }
  const values = new Set<string>();
  field.options?.forEach((option, index) => {
    if (values.has(option.value)) {
      found.push([
        `${at}/options/${index}/value`,
        `two options share the value ${JSON.stringify(option.value)}`,
      ]);
    }
    values.add(option.value);
  });
  const rule = field.validation;
  if (rule) {
    if (rule.kind === 'regex') {
      if (rule.pattern === undefined) {
        found.push([`${at}/validation`, 'a regex rule needs a "pattern"']);
      } else {
        try {
          new RegExp(rule.pattern, 'u');
        } catch {
          found.push([
            `${at}/validation/pattern`,
            'this pattern is not a valid regular expression',
          ]);
        }
      }
    } else if (rule.pattern !== undefined) {
      found.push([
        `${at}/validation/pattern`,
        `only a regex rule takes a pattern; remove it or make the rule a regex rule`,
      ]);
    }
    if ((rule.kind === 'email' || rule.kind === 'zip') && rule.kind !== field.type) {
      found.push([
        `${at}/validation/kind`,
        `a rule of kind ${JSON.stringify(rule.kind)} only fits a field of type ${JSON.stringify(rule.kind)}, and this field is of type ${JSON.stringify(field.type)}`,
      ]);
    }
  }
  if (field.type === 'zip' && field.inputMode !== undefined && field.inputMode !== 'numeric') {
    found.push([`${at}/inputMode`, 'a zip field should use the "numeric" keyboard']);
  }
  return found;
}

const formFieldsAreUsable: Rule = ({ file, config }) => {
  const found: string[][] = [];
  const names = new Map<string, number>();
  config.form.fields.forEach((field, index) => {
    const at = `/form/fields/${index}`;
    const earlier = names.get(field.name);
    if (earlier !== undefined) {
      found.push([
        `${at}/name`,
        `fields ${earlier + 1} and ${index + 1} are both named ${JSON.stringify(field.name)}; each field needs its own name`,
      ]);
    }
    names.set(field.name, index);
    found.push(...fieldProblems(field, at));
  });
  const email = config.form.fields.find((field) => field.name === 'email');
  if (!email || email.type !== 'email' || !email.required) {
    found.push([
      '/form/fields',
      'the form needs a required field named "email" of type "email": signup sends the email address',
    ]);
  }
  return found.map(([pointer = '/', message = '']) => ({ file, pointer, message }));
};

/**
 * The signup's describeHome answer pre-fills the home profile's (spec §3), whose answers are fixed
 * by schemas/home-profile.schema.json. A partner may word or name its options its own way, but
 * each must match one profile answer by value or by label (src/forms/homeProfile/
 * describeHomeMapping.ts), or the visitor would have to answer twice without knowing why.
 */
const describeHomeMapsToProfile: Rule = ({ file, config }) => {
  const index = config.form.fields.findIndex(
    (field) => field.name === 'describeHome' && field.type === 'select',
  );
  const options = config.form.fields[index]?.options ?? [];
  const values = profileDescribeHomeOptions.map((answer) => JSON.stringify(answer.value));
  const labels = profileDescribeHomeOptions.map((answer) => JSON.stringify(answer.label));
  return options.flatMap((option, at) =>
    profileValueForOption(option) === undefined
      ? [
          {
            file,
            pointer: `/form/fields/${index}/options/${at}`,
            message: `the option ${JSON.stringify(option.value)} (${JSON.stringify(option.label)}) matches none of the home profile's answers, so it cannot pre-fill the create-home form; give it one of the values ${values.join(', ')} or one of the labels ${labels.join(', ')}`,
          },
        ]
      : [],
  );
};

/** Every page of the partner with its pointer, the landing page first. */
function pagesWithPointers(config: PartnerConfig): [string, string, Page][] {
  return Object.entries(config.pages).map(([name, page]) => [name, `/pages/${name}`, page]);
}

const pagesAreWellFormed: Rule = ({ file, config }) => {
  const found: [string, string][] = [];
  const slugs = new Map<string, string>();
  for (const [name, at, page] of pagesWithPointers(config)) {
    const fixed = name === 'landing' || name === 'claimOffer';
    if (fixed) {
      for (const key of ['slug', 'title', 'description'] as const) {
        if (page[key] !== undefined)
          found.push([
            `${at}/${key}`,
            `the ${name} page has a fixed address and title; "${key}" is only for extra campaign pages`,
          ]);
      }
    } else if (page.slug === undefined) {
      found.push([
        at,
        `the extra page "${name}" needs a "slug": the last part of its address, like "spring-offer"`,
      ]);
    } else if (siteAddressUse(page.slug) !== undefined) {
      found.push([
        `${at}/slug`,
        `the address /${config.id}/${page.slug} is taken by the site itself; choose another slug`,
      ]);
    } else if (slugs.has(page.slug)) {
      found.push([
        `${at}/slug`,
        `the pages "${slugs.get(page.slug)}" and "${name}" both use the slug "${page.slug}"; each page needs its own address`,
      ]);
    } else {
      slugs.set(page.slug, name);
    }
  }
  return found.map(([pointer, message]) => ({ file, pointer, message }));
};

/**
 * Within each page's sections: distinct ids, each block where its schema lets it go (and once a
 * page where it says so, blockRules.ts), the offer once on a page (exactly once on the
 * claim-offer page, whose claim it holds).
 */
const blocksAreWellFormed: Rule = ({ file, config }) => {
  const found: [string, string][] = [];
  for (const [name, at, page] of pagesWithPointers(config)) {
    const ids = new Map<string, number>();
    page.sections.forEach((section, index) => {
      const earlier = ids.get(section.id);
      if (earlier !== undefined) {
        found.push([
          `${at}/sections/${index}/id`,
          `sections ${earlier + 1} and ${index + 1} of this page are both named "${section.id}"; each section of a page needs its own id`,
        ]);
      }
      ids.set(section.id, index);
      for (const [pointer, message] of placementFindings(defs, name, page.sections, index))
        found.push([`${at}${pointer}`, message]);
      const firstOffer = page.sections.findIndex((entry) => entry.type === 'offer');
      if (section.type === 'offer' && firstOffer !== index && name !== 'claimOffer') {
        found.push([
          `${at}/sections/${index}/type`,
          `this page already shows the offer (section ${firstOffer + 1}); a page shows it once, and its other buttons can lead to it with { "scrollToForm": true }`,
        ]);
      }
    });
    const offers = page.sections.filter((section) => section.type === 'offer').length;
    if (name === 'claimOffer' && offers !== 1) {
      found.push([
        `${at}/sections`,
        `the claimOffer page needs exactly one "offer" section (it has ${offers}): it holds the claim form`,
      ]);
    }
  }
  return found.map(([pointer, message]) => ({ file, pointer, message }));
};

/** The lists whose items a block's props schema says must differ (blockRules.ts). */
const listItemsAreDistinct: Rule = (partner) => repeatedItemProblems(defs, partner);

/**
 * The buttons of a section that lead somewhere: its props of the shared "blockAction" shape, which
 * the schema check has already held them to.
 */
function actionsOf(section: Block): [string, BlockAction][] {
  return valuesOfDefinition(defs, section, 'blockAction').map(({ pointer, value }) => [
    pointer,
    value as BlockAction,
  ]);
}

/** A button that opens another page names a page this file has, by its key. */
const blockLinksLeadToPages: Rule = ({ file, config }) =>
  pagesWithPointers(config).flatMap(([, at, page]) =>
    page.sections.flatMap((section, index) =>
      actionsOf(section).flatMap(([where, action]) => {
        if (!('page' in action)) return [];
        const target = action.page;
        const pointer = `${at}/sections/${index}${where}/page`;
        if (target === 'claimOffer') {
          return [
            {
              file,
              pointer,
              message:
                'the claim-offer page opens after the signup form is sent; use { "scrollToForm": true } to lead to the form instead',
            },
          ];
        }
        if (Object.hasOwn(config.pages, target)) return [];
        const bySlug = campaignPages(config).find((candidate) => candidate.slug === target);
        const keys = Object.keys(config.pages)
          .filter((key) => key !== 'claimOffer')
          .map((key) => JSON.stringify(key))
          .join(', ');
        return [
          {
            file,
            pointer,
            message: bySlug
              ? `"${target}" is the slug of the page "${bySlug.key}"; name the page by its key: "${bySlug.key}"`
              : `this button leads to the page "${target}", which this file does not have; use one of ${keys}`,
          },
        ];
      }),
    ),
  );

/** What is charged comes from amountCents; the text shown must not promise something else. */
const priceTextMatchesAmount: Rule = ({ file, config }) => {
  const { priceText, amountCents } = config.offer;
  const shown = priceText.trim();
  const cents = dollarTextCents(shown);
  if (cents !== undefined) {
    return cents === amountCents
      ? []
      : [
          {
            file,
            pointer: '/offer/amountCents',
            message: `the page shows ${shown} but ${amountCents} cents would be charged; make the two agree`,
          },
        ];
  }
  if (/^free$/i.test(shown) && amountCents !== 0) {
    return [
      {
        file,
        pointer: '/offer/amountCents',
        message: `the page shows ${shown} but ${amountCents} cents would be charged; a free offer has amountCents 0`,
      },
    ];
  }
  return [];
};

/** Every string that is a public asset path, with its pointer. */
function assetPaths(value: unknown, pointer = ''): [string, string][] {
  if (typeof value === 'string') {
    return /^\/[^\s]+\.(svg|png|jpe?g|webp|avif)$/.test(value) ? [[pointer, value]] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => assetPaths(item, `${pointer}/${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      key === '$schema'
        ? []
        : assetPaths(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
  }
  return [];
}

const assetsExist: Rule = ({ file, config }, { assetExists }) =>
  assetPaths(config).flatMap(([pointer, path]) => {
    if (!assetExists(path))
      return [
        {
          file,
          pointer,
          message: `the file public${path} does not exist; add it or correct the path`,
        },
      ];
    // A WebP pair is shown with its smaller file on screens of normal density (pictureRule.ts).
    if (isPicturePair(path) && !assetExists(oneXPath(path)))
      return [
        {
          file,
          pointer,
          message: `the file public${oneXPath(path)} (the picture at the size shown, for normal screens) does not exist; draw the pair again with tsx tools/images/rasterisePublic.ts`,
        },
      ];
    return [];
  });

const colorsAreReadable: Rule = ({ file, config }) => {
  const text = config.theme.textColor;
  const pairs: [string, string, string, string][] = [
    ['/theme/textColor', text, white, 'the main text color on a white background'],
    ['/theme/tintColor', text, config.theme.tintColor, 'the main text color on the tint color'],
    ['/theme/brandColor', config.theme.brandColor, white, 'the brand color on a white background'],
    [
      '/theme/sectionBackground',
      text,
      config.theme.sectionBackground,
      'the main text color on this background',
    ],
    ['/form/buttonColor', text, config.form.buttonColor, 'the button text on this button color'],
  ];
  if (config.theme.journeyBackground) {
    pairs.push([
      '/theme/journeyBackground',
      text,
      config.theme.journeyBackground,
      'the main text color on this background',
    ]);
  }
  for (const [, at, page] of pagesWithPointers(config)) {
    page.sections.forEach((section, index) => {
      // The block's colors its schema says the main text is drawn on ("x-textOn").
      for (const [{ pointer, value }, what] of textBackgrounds(defs, section))
        pairs.push([`${at}/sections/${index}${pointer}`, text, String(value), what]);
    });
  }
  return pairs.flatMap(([pointer, foreground, background, what]) => {
    const ratio = contrastRatio(foreground, background);
    return ratio >= minimumTextContrast
      ? []
      : [
          {
            file,
            pointer,
            message: `${what} is too hard to read (contrast ${ratio.toFixed(1)}:1, at least ${minimumTextContrast}:1 is needed); choose a darker or lighter color`,
          },
        ];
  });
};

const rules: Rule[] = [
  idIsFree,
  fileNameMatchesId,
  formFieldsAreUsable,
  pagesAreWellFormed,
  blocksAreWellFormed,
  describeHomeMapsToProfile,
  listItemsAreDistinct,
  blockLinksLeadToPages,
  priceTextMatchesAmount,
  assetsExist,
  colorsAreReadable,
  dynamicTextProblems,
];

function hostsBelongToOnePartner(partners: readonly LoadedPartner[]): Problem[] {
  const owners = new Map<string, string[]>();
  for (const { file, config } of partners) {
    for (const host of config.hosts) owners.set(host, [...(owners.get(host) ?? []), file]);
  }
  // Reported in every file that lists the host: either may be the one to change.
  return partners.flatMap(({ file, config }) =>
    config.hosts.flatMap((host, index) => {
      const others = (owners.get(host) ?? []).filter((owner) => owner !== file);
      return others.length === 0
        ? []
        : [
            {
              file,
              pointer: `/hosts/${index}`,
              message: `the host name ${JSON.stringify(host)} is also listed by ${others.join(' and ')}; a host name may select one partner only`,
            },
          ];
    }),
  );
}

export function partnerRules(partners: readonly LoadedPartner[], context: RuleContext): Problem[] {
  // Each picture is looked up once per check, however many partners and page versions name it.
  const looked = new Map<string, boolean>();
  const assetExists = (publicPath: string) => {
    const exists = looked.get(publicPath) ?? context.assetExists(publicPath);
    looked.set(publicPath, exists);
    return exists;
  };
  return [
    ...partners.flatMap(({ file, config }) =>
      problemsOfEveryVersion(config, (version) =>
        rules.flatMap((rule) => rule({ file, config: version }, { assetExists })),
      ),
    ),
    ...hostsBelongToOnePartner(partners),
  ];
}
