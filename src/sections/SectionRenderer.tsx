import { Suspense, use, type ComponentType } from 'react';
import type { Page, PartnerConfig, Section } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';
import { Loading } from '../ui/LoadingOverlay.tsx';
import { loadedSection, loadSection } from './registry.ts';
import type { SectionProps } from './types.ts';

/**
 * Renders one entry of a page's section list through the registry. A block that was not preloaded
 * suspends until its chunk arrives (the nearest Suspense boundary shows the loading state).
 */
export function SectionRenderer({
  section,
  page,
  partner,
  site,
}: {
  section: Section;
  page: Page;
  partner: PartnerConfig;
  site: SiteConfig;
}) {
  // The registry maps each type to the component for exactly that entry shape; TypeScript cannot
  // follow the correlation through the lookup, hence the widening here (and only here).
  const Component = (loadedSection(section.type) ??
    use(loadSection(section.type))) as ComponentType<SectionProps<typeof section.type>>;
  return <Component section={section} page={page} partner={partner} site={site} />;
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
