/**
 * Writes two stories files per partner file into stories/generated/ (git-ignored):
 * - <id>.blocks.stories.tsx (Partners/<id>/Blocks): the whole landing page, and, for a partner
 *   of the visual coverage set, a story for each section of each page it lists;
 * - <id>.journey.stories.tsx (Partners/<id>/Journey): for a partner of the coverage set, every page
 *   of the offer journey in each of its states (src/preview/journeyPages.ts) on a phone and a
 *   desktop, with fake services and no network; for any other partner, its claim-offer page.
 * Which partner gets which stories at which widths is the visual policy (visualPolicy.ts). Each
 * section story gets Controls from its block's props schema, starting at the partner's values
 * (stories/support/partnerBlockStory.ts), so a designer can try a variant of that block.
 * Storybook's main.ts calls it at every start and build, and so does the Vitest Storybook project,
 * so a new partner file gets its stories (and therefore its visual and accessibility tests) with
 * no code change. Both files carry the `visual` tag: tests/visual/setup.ts screenshots them.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migratePartner } from '../../src/config/migrations/index.ts';
import { journeyPageNames } from '../../src/preview/journeyPages.ts';
import {
  journeyWidths,
  languageWidths,
  partnerJourneyPage,
  partnerWidths,
  readCoverage,
  readLanguageCoverage,
} from './visualPolicy.ts';

interface PageSummary {
  /** The page's key in the partner file: "landing", "claimOffer" or an extra page's key. */
  key: string;
  blockIds: string[];
  /** The page's variants (src/config/experiments.ts), each with the sections it changes. */
  variants?: { id: string; blockIds: string[] }[];
  /**
   * Only its variants get stories of their own: the claim-offer page, whose page as written the
   * journey stories show.
   */
  variantsOnly?: boolean;
}

interface PartnerSummary {
  id: string;
  pages: PageSummary[];
}

/** Whether a partner is in the visual coverage set (all stories, config widths) or not. */
export interface StoryPolicy {
  coverage: boolean;
  /** The other languages its pages are pictured in (issue 37; the coverage file's "languages"). */
  languages?: readonly string[];
}

/** "es" -> "Es": a language's part of a story's name (FullPageEs, ClaimOfferEs). */
const languagePart = (language: string) => language.charAt(0).toUpperCase() + language.slice(1);

/**
 * The stories of a partner's pages in another language: its whole landing page and its
 * claim-offer page, at the widths of `languageWidths`.
 */
export function languageStorySpecs({ languages = [] }: StoryPolicy): {
  blocks: StorySpec[];
  journey: { name: string; page: string; language: string; widths: readonly number[] }[];
} {
  return {
    blocks: languages.map((language) => ({
      ...fullPageSpec(),
      name: `FullPage${languagePart(language)}`,
      widths: languageWidths.fullPage,
      language,
    })),
    journey: languages.map((language) => ({
      name: `${partnerJourneyPage}${languagePart(language)}`,
      page: partnerJourneyPage,
      language,
      widths: languageWidths.claimOffer,
    })),
  };
}

const header = (id: string) =>
  `// GENERATED from partners/${id}.json by tools/storybook/generatePartnerStories.ts. Do not edit.\n`;

/** "each-assessment" -> "EachAssessment", "springOffer" -> "SpringOffer". */
export function storyName(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** One generated story: its export name, its args, and what the visual test does with it. */
export interface StorySpec {
  name: string;
  page: string;
  blockId: string;
  /** Its own widths (px); without, the config's. */
  widths?: readonly number[];
  /** Its own tolerance (share of pixels); without, the config's. */
  ratio?: number;
  /** A variant of the page: the section as that variant shows it. */
  variant?: string;
  /** Another language than English: the page as it shows in it (issue 37). */
  language?: string;
}

/**
 * The whole landing page: compared more loosely (see the comment written above it), and on a
 * phone only, for every partner. What a whole page adds to its sections' pictures is their order
 * and the seams between them; each section's look at every width is its own story's (a coverage
 * partner's) or the components' (every other partner's). At 1024 and 1440 px the showcase's whole
 * page was about a quarter of its Storybook file's time: every section pictured a second time.
 */
const fullPageSpec = (): StorySpec => ({
  name: 'FullPage',
  page: 'landing',
  blockId: 'page',
  ratio: 0.0025,
  widths: partnerWidths.fullPage,
});

/** An extra page whole ("SpringOfferPage"): like the whole landing page, on a phone only. */
const extraPageSpec = (key: string): StorySpec => ({
  name: `${storyName(key)}Page`,
  page: key,
  blockId: 'page',
  widths: partnerWidths.extraPage,
});

/** Landing sections keep their plain names; an extra page's are prefixed with the page's name. */
function pageSpecs({ key, blockIds }: PageSummary): StorySpec[] {
  const section = (id: string, name: string) => ({ name, page: key, blockId: id });
  if (key === 'landing') return blockIds.map((id) => section(id, storyName(id)));
  const prefix = storyName(key);
  return [extraPageSpec(key), ...blockIds.map((id) => section(id, `${prefix}${storyName(id)}`))];
}

/**
 * Each variant's changed sections, as the variant shows them ("HeroVariantFewerFalls"): what a
 * designer reviews before the experiment starts, and what the visual test holds still. For every
 * partner (a variant is what its file changes), on a phone outside the coverage set.
 */
function variantSpecs({ key, variants = [] }: PageSummary, coverage: boolean): StorySpec[] {
  const prefix = key === 'landing' ? '' : storyName(key);
  return variants.flatMap(({ id, blockIds }) =>
    blockIds.map((blockId) => ({
      name: `${prefix}${storyName(blockId)}Variant${storyName(id)}`,
      page: key,
      blockId,
      variant: id,
      ...(coverage ? {} : { widths: partnerWidths.variantBlock }),
    })),
  );
}

/**
 * The stories of Partners/<id>/Blocks, the whole page last. Outside the coverage set, only what
 * the partner's file changes: the first screen a desktop visitor sees (the first landing section)
 * and each extra page on a phone, then the whole landing page.
 */
export function blockStorySpecs(
  { pages }: Pick<PartnerSummary, 'pages'>,
  { coverage }: StoryPolicy,
): StorySpec[] {
  const variants = pages.flatMap((page) => variantSpecs(page, coverage));
  const own = pages.filter((page) => !page.variantsOnly);
  if (coverage) return [...own.flatMap(pageSpecs), ...variants, fullPageSpec()];
  const first = pages.find((page) => page.key === 'landing')?.blockIds[0];
  return [
    ...(first
      ? [
          {
            name: storyName(first),
            page: 'landing',
            blockId: first,
            widths: partnerWidths.firstBlock,
          },
        ]
      : []),
    ...own.filter((page) => page.key !== 'landing').map((page) => extraPageSpec(page.key)),
    ...variants,
    fullPageSpec(),
  ];
}

/** The stories of Partners/<id>/Journey: every journey page, or the claim-offer page alone. */
export function journeyStorySpecs({ coverage }: StoryPolicy): {
  names: string[];
  widths?: readonly number[];
} {
  return coverage
    ? { names: [...journeyPageNames], widths: journeyWidths }
    : { names: [partnerJourneyPage], widths: partnerWidths.claimOffer };
}

/** `parameters.visual` of a story that sets its own widths or tolerance. */
function visualParameters(folder: string, { widths, ratio }: StorySpec): string {
  const parts = [
    `folder: '${folder}'`,
    ...(ratio === undefined ? [] : [`allowedMismatchedPixelRatio: ${ratio}`]),
    ...(widths === undefined ? [] : [`widths: [${widths.join(', ')}]`]),
  ];
  return `parameters: { visual: { ${parts.join(', ')} } }`;
}

/**
 * A whole page takes its args as they are; a section's story gets Controls from its block's props
 * schema, starting at the partner's values (stories/support/partnerBlockStory.ts).
 */
function renderStory(id: string, folder: string, spec: StorySpec): string {
  const args =
    spec.blockId === 'page'
      ? `args: { page: '${spec.page}', blockId: 'page'${spec.language ? `, language: '${spec.language}'` : ''} }`
      : spec.variant
        ? `...partnerBlockStory('${id}', '${spec.page}', '${spec.blockId}', '${spec.variant}')`
        : `...partnerBlockStory('${id}', '${spec.page}', '${spec.blockId}')`;
  const own = spec.widths !== undefined || spec.ratio !== undefined;
  const parameters = own ? `, ${visualParameters(folder, spec)}` : '';
  return `export const ${spec.name}: Story = { ${args}${parameters} };`;
}

export function renderPartnerStories(
  { id, pages }: PartnerSummary,
  policy: StoryPolicy = { coverage: true },
): string {
  const folder = `${id}/blocks`;
  const specs = blockStorySpecs({ pages }, policy);
  const fullPage = specs.find((spec) => spec.name === 'FullPage') ?? fullPageSpec();
  const own = [...specs.filter((spec) => spec !== fullPage), ...languageStorySpecs(policy).blocks];
  const stories = own.map((spec) => renderStory(id, folder, spec)).join('\n');
  const blockImport = own.some((spec) => spec.blockId !== 'page')
    ? `import { partnerBlockStory } from '../support/partnerBlockStory.ts';\n`
    : '';
  return `${header(id)}import type { Meta, StoryObj } from '@storybook/react-vite';
import { PartnerBlockStory } from '../support/PartnerBlockStory.tsx';
import { preloadLazyParts } from '../support/preloadLazyParts.ts';
${blockImport}
const meta = {
  title: 'Partners/${id}/Blocks',
  component: PartnerBlockStory,
  args: { partnerId: '${id}', page: 'landing', blockId: 'page' },
  loaders: [preloadLazyParts],
  parameters: { layout: 'fullscreen', visual: { folder: '${folder}' } },
  tags: ['partner', 'visual'],
} satisfies Meta<typeof PartnerBlockStory>;

export default meta;
type Story = StoryObj<typeof meta>;

${stories}
// The whole page is compared with a looser ratio (0.25%): each of its sections is already held to
// 0.1% on its own, and this story guards their order and spacing. Measured at 1024 px: on a loaded
// machine the carousel's text has come out a sub-pixel lower (0.17% of the page); changing demo's
// brand colour changes 0.46% of it (tools/visual/proveGate.ts checks this story still notices).
export const FullPage: Story = {
  args: { page: 'landing', blockId: 'page' },
  ${visualParameters(folder, fullPage)},
};
`;
}

export function renderJourneyStories(
  { id }: Pick<PartnerSummary, 'id'>,
  policy: StoryPolicy = { coverage: true },
): string {
  const folder = `${id}/journey`;
  const { names, widths } = journeyStorySpecs(policy);
  const visual =
    widths === undefined
      ? `{ folder: '${folder}' }`
      : `{ folder: '${folder}', widths: [${widths.join(', ')}] }`;
  const stories = [
    ...names.map((page) => `export const ${page}: Story = journeyStory('${page}');`),
    ...languageStorySpecs(policy).journey.map(
      ({ name, page, language, widths: own }) =>
        `export const ${name}: Story = { ...journeyStory('${page}', '${language}'), parameters: { visual: { folder: '${folder}', widths: [${own.join(', ')}] } } };`,
    ),
  ].join('\n');
  return `${header(id)}import type { Meta, StoryObj } from '@storybook/react-vite';
import { journeyStory } from '../support/journeyStories.ts';
import { PartnerPageStory } from '../support/PartnerPageStory.tsx';

const meta = {
  title: 'Partners/${id}/Journey',
  component: PartnerPageStory,
  args: { partnerId: '${id}', page: 'ClaimOffer' },
  parameters: { layout: 'fullscreen', visual: ${visual} },
  tags: ['partner', 'visual'],
} satisfies Meta<typeof PartnerPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

${stories}
`;
}

const idPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function readPartnerSummaries(dir: string): PartnerSummary[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      try {
        // An older file is upgraded in memory, as the loader does.
        const data = migratePartner(JSON.parse(readFileSync(join(dir, name), 'utf8'))).data as {
          id?: unknown;
          pages?: Record<
            string,
            {
              sections?: { id?: unknown }[];
              experiment?: {
                variants?: {
                  id?: unknown;
                  sections?: { id?: unknown }[];
                  overrides?: Record<string, unknown>;
                }[];
              };
            }
          >;
        };
        const ids = (list: unknown[]) => [
          ...new Set(
            list.filter((id): id is string => typeof id === 'string' && idPattern.test(id)),
          ),
        ];
        const pages = Object.entries(data.pages ?? {})
          .filter(([key]) => /^[a-zA-Z][a-zA-Z0-9]*$/.test(key))
          .flatMap(([key, page]): PageSummary[] => {
            const blockIds = ids((page.sections ?? []).map((section) => section.id));
            const variants = (page.experiment?.variants ?? []).flatMap((variant) =>
              typeof variant.id === 'string' && idPattern.test(variant.id)
                ? [
                    {
                      id: variant.id,
                      // Its own sections all change the page; overrides, the sections they name.
                      blockIds: variant.sections
                        ? ids(variant.sections.map((section) => section.id))
                        : ids(Object.keys(variant.overrides ?? {})).filter((id) =>
                            blockIds.includes(id),
                          ),
                    },
                  ]
                : [],
            );
            if (key === 'claimOffer') {
              return variants.length > 0 ? [{ key, blockIds, variants, variantsOnly: true }] : [];
            }
            return [{ key, blockIds, ...(variants.length > 0 ? { variants } : {}) }];
          });
        // A broken file is reported by the partner check at Storybook start; skip it here.
        return typeof data.id === 'string' && /^[a-z0-9-]+$/.test(data.id)
          ? [{ id: data.id, pages }]
          : [];
      } catch {
        return [];
      }
    });
}

export interface GenerateOptions {
  /** Where the partner files are (default <root>/partners; the gate proof serves a copy). */
  partnersDir?: string;
  /** The visual coverage set (default: tests/visual/coverage.json). */
  coverage?: ReadonlySet<string>;
  /** The languages pictured per partner (default: the coverage file's "languages"). */
  languages?: ReadonlyMap<string, readonly string[]>;
}

export function generatePartnerStories(root: string, options: GenerateOptions = {}): string[] {
  const out = join(root, 'stories', 'generated');
  const coverage = options.coverage ?? readCoverage();
  const languages = options.languages ?? readLanguageCoverage();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  return readPartnerSummaries(options.partnersDir ?? join(root, 'partners')).flatMap((summary) => {
    const policy = {
      coverage: coverage.has(summary.id),
      languages: languages.get(summary.id) ?? [],
    };
    const blocksFile = join(out, `${summary.id}.blocks.stories.tsx`);
    const journeyFile = join(out, `${summary.id}.journey.stories.tsx`);
    writeFileSync(blocksFile, renderPartnerStories(summary, policy));
    writeFileSync(journeyFile, renderJourneyStories(summary, policy));
    return [blocksFile, journeyFile];
  });
}
