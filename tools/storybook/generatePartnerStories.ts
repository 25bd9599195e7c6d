/**
 * Writes two stories files per partner file into stories/generated/ (git-ignored):
 * - <id>.sections.stories.tsx (Partners/<id>/Sections): a story for each section the partner
 *   lists, plus the whole landing page;
 * - <id>.journey.stories.tsx (Partners/<id>/Journey): every page of the offer journey in each of
 *   its states (stories/support/journeyPages.ts), with fake services and no network.
 * Storybook's main.ts calls it at every start and build, and so does the Vitest Storybook project,
 * so a new partner file gets its stories (and therefore its visual and accessibility tests) with
 * no code change. Both files carry the `visual` tag: tests/visual/setup.ts screenshots them.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migratePartner } from '../../src/config/migrations/index.ts';
import { journeyPageNames } from '../../stories/support/journeyPages.ts';

interface PageSummary {
  /** The page's key in the partner file: "landing", "claimOffer" or an extra page's key. */
  key: string;
  sectionIds: string[];
}

interface PartnerSummary {
  id: string;
  pages: PageSummary[];
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

const sectionStory = (page: string, sectionId: string, name: string) =>
  `export const ${name}: Story = { args: { page: '${page}', sectionId: '${sectionId}' } };`;

/** Landing sections keep their plain names; an extra page's are prefixed with the page's name. */
function pageStories({ key, sectionIds }: PageSummary): string[] {
  if (key === 'landing') return sectionIds.map((id) => sectionStory(key, id, storyName(id)));
  const prefix = storyName(key);
  return [
    `export const ${prefix}Page: Story = { args: { page: '${key}', sectionId: 'page' } };`,
    ...sectionIds.map((id) => sectionStory(key, id, `${prefix}${storyName(id)}`)),
  ];
}

export function renderPartnerStories({ id, pages }: PartnerSummary): string {
  const stories = pages.flatMap(pageStories).join('\n');
  return `${header(id)}import type { Meta, StoryObj } from '@storybook/react-vite';
import { PartnerSectionStory } from '../support/PartnerSectionStory.tsx';
import { preloadLazyParts } from '../support/preloadLazyParts.ts';

const meta = {
  title: 'Partners/${id}/Sections',
  component: PartnerSectionStory,
  args: { partnerId: '${id}', page: 'landing', sectionId: 'page' },
  loaders: [preloadLazyParts],
  parameters: { layout: 'fullscreen', visual: { folder: '${id}/sections' } },
  tags: ['partner', 'visual'],
} satisfies Meta<typeof PartnerSectionStory>;

export default meta;
type Story = StoryObj<typeof meta>;

${stories}
// The whole page is compared with a looser ratio (0.25%): each of its sections is already held to
// 0.1% on its own, and this story guards their order and spacing. Measured at 1024 px: on a loaded
// machine the carousel's text has come out a sub-pixel lower (0.17% of the page); changing demo's
// brand colour changes 0.46% of it (tools/visual/proveGate.ts checks this story still notices).
export const FullPage: Story = {
  args: { page: 'landing', sectionId: 'page' },
  parameters: { visual: { folder: '${id}/sections', allowedMismatchedPixelRatio: 0.0025 } },
};
`;
}

export function renderJourneyStories({ id }: Pick<PartnerSummary, 'id'>): string {
  const stories = journeyPageNames
    .map((page) => `export const ${page}: Story = journeyStory('${page}');`)
    .join('\n');
  return `${header(id)}import type { Meta, StoryObj } from '@storybook/react-vite';
import { journeyStory } from '../support/journeyStories.ts';
import { PartnerPageStory } from '../support/PartnerPageStory.tsx';

const meta = {
  title: 'Partners/${id}/Journey',
  component: PartnerPageStory,
  args: { partnerId: '${id}', page: 'ClaimOffer' },
  parameters: { layout: 'fullscreen', visual: { folder: '${id}/journey' } },
  tags: ['partner', 'visual'],
} satisfies Meta<typeof PartnerPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

${stories}
`;
}

const idPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function readPartnerSummaries(root: string): PartnerSummary[] {
  const dir = join(root, 'partners');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      try {
        // An older file is upgraded in memory, as the loader does.
        const data = migratePartner(JSON.parse(readFileSync(join(dir, name), 'utf8'))).data as {
          id?: unknown;
          pages?: Record<string, { sections?: { id?: unknown }[] }>;
        };
        const pages = Object.entries(data.pages ?? {})
          .filter(([key]) => key !== 'claimOffer' && /^[a-zA-Z][a-zA-Z0-9]*$/.test(key))
          .map(([key, page]) => ({
            key,
            sectionIds: [
              ...new Set(
                (page.sections ?? [])
                  .map((section) => section.id)
                  .filter((id): id is string => typeof id === 'string' && idPattern.test(id)),
              ),
            ],
          }));
        // A broken file is reported by the partner check at Storybook start; skip it here.
        return typeof data.id === 'string' && /^[a-z0-9-]+$/.test(data.id)
          ? [{ id: data.id, pages }]
          : [];
      } catch {
        return [];
      }
    });
}

export function generatePartnerStories(root: string): string[] {
  const out = join(root, 'stories', 'generated');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  return readPartnerSummaries(root).flatMap((summary) => {
    const sectionsFile = join(out, `${summary.id}.sections.stories.tsx`);
    const journeyFile = join(out, `${summary.id}.journey.stories.tsx`);
    writeFileSync(sectionsFile, renderPartnerStories(summary));
    writeFileSync(journeyFile, renderJourneyStories(summary));
    return [sectionsFile, journeyFile];
  });
}
