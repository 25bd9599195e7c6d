import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, it } from 'vitest';
import type { BlockAction, Page, PartnerConfig } from '../../src/config/generated/partner.ts';
import type { SiteConfig } from '../../src/config/generated/site.ts';
import { partners, site } from '../../src/config/partners.ts';
import { preloadBlocks } from '../../src/blocks/registry.ts';
import { BlockRenderer } from '../../src/blocks/BlockRenderer.tsx';
import { SignupHandlerContext } from '../../src/blocks/signupHandler.ts';
import type { BlockOf, BlockType } from '../../src/blocks/types.ts';

/**
 * The render test of a block, shared by each block folder's own test file
 * (src/blocks/<Block>/<Block>.test.tsx): the block rendered on the server, the way the prerender
 * renders it (src/entry-server.tsx: its chunk and lazily loaded parts waited for), once for every
 * section of that type on every partner's landing page (and on its other pages for a block the
 * landing page may not hold, such as the offer).
 */
export interface BlockUse<T extends BlockType> {
  partner: PartnerConfig;
  pageKey: string;
  page: Page;
  section: BlockOf<T>;
  site: SiteConfig;
}

export interface RenderedBlock {
  html: string;
  /** The text a reader sees: tags dropped, entities decoded, white space folded. */
  visible: string;
}

const noSignup = async () => undefined;

export const visibleText = (html: string): string =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** Every section of this type in the partner files: on the landing pages, else on any page. */
export function blockUses<T extends BlockType>(type: T): BlockUse<T>[] {
  const uses = (landingOnly: boolean) =>
    partners.flatMap((partner) =>
      Object.entries(partner.pages)
        .filter(([pageKey]) => !landingOnly || pageKey === 'landing')
        .flatMap(([pageKey, page]) =>
          page.sections
            .filter((section): section is BlockOf<T> => section.type === type)
            .map((section) => ({ partner, pageKey, page, section, site })),
        ),
    );
  const onLanding = uses(true);
  return onLanding.length > 0 ? onLanding : uses(false);
}

export async function renderBlock<T extends BlockType>({
  partner,
  page,
  section,
}: BlockUse<T>): Promise<RenderedBlock> {
  const { prelude } = await prerender(
    <MemoryRouter>
      <SignupHandlerContext.Provider value={noSignup}>
        <BlockRenderer section={section} page={page} partner={partner} site={site} />
      </SignupHandlerContext.Provider>
    </MemoryRouter>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, visible: visibleText(html) };
}

/**
 * One test per use of the block in the partner files: `expectations` asserts what the rendered
 * block must show for that partner.
 */
export function describeBlockRenders<T extends BlockType>(
  type: T,
  expectations: (rendered: RenderedBlock, use: BlockUse<T>) => void,
): void {
  describe(`the ${type} block renders to a string`, () => {
    beforeAll(() => preloadBlocks([type]));
    const uses = blockUses(type);
    it('is used by at least one partner file (so these tests run)', () => {
      if (uses.length === 0) throw new Error(`no partner file uses the ${type} block`);
    });
    it.each(
      uses.map((use) => [`${use.partner.id} ${use.pageKey} ${use.section.id}`, use] as const),
    )('%s', async (_name, use) => expectations(await renderBlock(use), use));
  });
}

/** Where a block's button must lead on a page rendered without a partner in the path. */
export function expectedHref(partner: PartnerConfig, action: BlockAction): string {
  if ('scrollToForm' in action) return '#get-the-scan';
  if (action.page === 'landing') return '/';
  return `/${partner.pages[action.page]!.slug}`;
}
