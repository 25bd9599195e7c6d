import { Suspense, use, useState, type ComponentType } from 'react';
import type { Page, PartnerConfig, Section } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';
import { Loading } from '../ui/LoadingOverlay.tsx';
import { isStaticSection, loadedSection, loadSection } from './registry.ts';
import { prerenderedBlockHtml, staticBlockAttribute } from './staticBlocks.ts';
import type { SectionProps } from './types.ts';

interface RendererProps {
  section: Section;
  page: Page;
  partner: PartnerConfig;
  site: SiteConfig;
}

/**
 * Renders one entry of a page's section list through the registry. A block that was not preloaded
 * suspends until its chunk arrives (the nearest Suspense boundary shows the loading state).
 */
export function SectionRenderer(props: RendererProps) {
  return isStaticSection(props.section.type) ? (
    <StaticBlock {...props} />
  ) : (
    <BlockComponent {...props} />
  );
}

function BlockComponent({ section, page, partner, site }: RendererProps) {
  // The registry maps each type to the component for exactly that entry shape; TypeScript cannot
  // follow the correlation through the lookup, hence the widening here (and only here).
  const Component = (loadedSection(section.type) ??
    use(loadSection(section.type))) as ComponentType<SectionProps<typeof section.type>>;
  return <Component section={section} page={page} partner={partner} site={site} />;
}

/**
 * A static block (its folder's island.ts) in a wrapper that takes no box (display: contents). On
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
      <BlockComponent {...props} />
    </div>
  ) : (
    <div {...wrapper} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** The section types a page uses, to preload before it renders. */
export function sectionTypesOf(page: Page): string[] {
  return [...new Set(page.sections.map((section) => section.type))];
}

/** A page's sections in order, keyed by their ids; footers sit outside <main>. */
export function SectionList({
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
  // Each block is its own Suspense boundary. Hydrating a prerendered page, React then takes the
  // blocks one task each, yielding to the browser between them instead of one long task, and
  // hydrates first the block a visitor clicks or types into (selective hydration). Rendered in
  // the browser, a block whose chunk is still on its way raises the loading overlay.
  const render = (section: Section) => (
    <Suspense key={section.id} fallback={<Loading />}>
      <SectionRenderer section={section} page={page} partner={partner} site={site} />
    </Suspense>
  );
  return (
    <>
      <main id="main">{body.map(render)}</main>
      {footers.map(render)}
    </>
  );
}
