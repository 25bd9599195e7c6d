import { memo, Suspense, use, useState, type ComponentType } from 'react';
import type { Page, PartnerConfig, Block } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';
import { Loading } from '../ui/LoadingOverlay.tsx';
import { islandAttribute } from './islandAttribute.ts';
import { loadBlock, loadIslandWhenNear } from './islands.ts';
import { isStaticBlock } from './registry.ts';
import { prerenderedBlockHtml, staticBlockAttribute } from './staticBlocks.ts';
import type { BlockComponent, BlockProps, BlockType } from './types.ts';

interface RendererProps {
  section: Block;
  page: Page;
  partner: PartnerConfig;
  site: SiteConfig;
}

/**
 * Renders one entry of a page's section list through the registry. A block that was not preloaded
 * suspends until its chunk arrives (the nearest Suspense boundary shows the loading state).
 */
export function BlockRenderer(props: RendererProps) {
  return isStaticBlock(props.section.type) ? (
    <StaticBlock {...props} />
  ) : (
    <InteractiveBlock {...props} />
  );
}

/**
 * One block as its own Suspense boundary. Hydrating a prerendered page, React then takes the blocks
 * one task each, and an interactive block whose code has not come yet keeps its prerendered HTML
 * until it does (src/blocks/islands.ts). Memoised, with the boundary inside: a boundary that
 * still holds prerendered HTML must not be re-rendered with new props (a new fallback element is
 * one), or React gives up on hydrating it and renders it from scratch. The props are the partner
 * file's own objects, the same from render to render.
 */
export const SuspenseBlock = memo(function SuspenseBlock(props: RendererProps) {
  return (
    <Suspense fallback={<Loading />}>
      <BlockRenderer {...props} />
    </Suspense>
  );
});

/** Where a block's code comes from: the registry at once, or later for an island. */
type BlockLoader = (type: string, id: string) => Promise<BlockComponent<BlockType>>;

function RegisteredBlock({
  section,
  page,
  partner,
  site,
  load = loadBlock,
}: RendererProps & { load?: BlockLoader }) {
  // The registry maps each type to the component for exactly that entry shape; TypeScript cannot
  // follow the correlation through the lookup, hence the widening here (and only here).
  // use() on every render: `load` gives one promise per block, settled at once when its code is
  // here already (src/lib/usable.ts says why).
  const Component = use(load(section.type, section.id)) as ComponentType<
    BlockProps<typeof section.type>
  >;
  return <Component section={section} page={page} partner={partner} site={site} />;
}

/**
 * An interactive block (carousel, FAQ, form) in a wrapper that takes no box. On a prerendered page
 * its code is fetched once the block nears the viewport or is touched, and React keeps the
 * prerendered HTML until then; elsewhere (the prerender, a page rendered in the browser) it renders
 * as soon as its code is there.
 */
function InteractiveBlock(props: RendererProps) {
  return (
    <div {...{ [islandAttribute]: props.section.id }}>
      <RegisteredBlock {...props} load={loadIslandWhenNear} />
    </div>
  );
}

/**
 * A static block (its folder's block.ts) in a wrapper that takes no box (display: contents). On
 * a prerendered page the browser hydrates the wrapper with the block's prerendered HTML as its
 * innerHTML: React leaves those nodes alone and the block's code is never fetched. Anywhere else
 * (the prerender itself, a page rendered in the browser) the block renders as usual inside it.
 */
function StaticBlock(props: RendererProps) {
  const id = props.section.id;
  // Read once per mount: the address the block was first drawn at.
  const [html] = useState(() =>
    typeof window === 'undefined' ? undefined : prerenderedBlockHtml(window.location.pathname, id),
  );
  const wrapper = { [staticBlockAttribute]: id };
  return html === undefined ? (
    <div {...wrapper}>
      <RegisteredBlock {...props} />
    </div>
  ) : (
    <div {...wrapper} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** A page's sections in order, keyed by their ids; footers sit outside <main>. */
export function PageBlocks({
  page,
  partner,
  site,
}: {
  page: Page;
  partner: PartnerConfig;
  site: SiteConfig;
}) {
  const body = page.sections.filter((section) => section.type !== 'footer');
  const footers = page.sections.filter((section) => section.type === 'footer');
  // Rendered in the browser, a block whose chunk is still on its way raises the loading overlay.
  const render = (section: Block) => (
    <SuspenseBlock key={section.id} section={section} page={page} partner={partner} site={site} />
  );
  return (
    <>
      <main id="main">{body.map(render)}</main>
      {footers.map(render)}
    </>
  );
}
