import type { ComponentType } from 'react';
import type { LandingSection, PartnerConfig } from '../config/generated/partner.ts';
import type { SiteConfig } from '../config/generated/site.ts';
import { sectionRegistry } from './registry.tsx';
import type { SectionProps } from './types.ts';

/** Renders one entry of a partner's section list through the registry. */
export function SectionRenderer({
  section,
  partner,
  site,
}: {
  section: LandingSection;
  partner: PartnerConfig;
  site: SiteConfig;
}) {
  // The registry maps each type to the component for exactly that entry shape; TypeScript cannot
  // follow the correlation through the index, hence the widening here (and only here).
  const Component = sectionRegistry[section.type] as ComponentType<
    SectionProps<typeof section.type>
  >;
  return <Component section={section} partner={partner} site={site} />;
}

/** The partner's sections in order; the footer sits outside <main>. */
export function SectionList({ partner, site }: { partner: PartnerConfig; site: SiteConfig }) {
  const sections = partner.pages.landing.sections;
  const body = sections.filter((section) => section.type !== 'footer');
  const footer = sections.find((section) => section.type === 'footer');
  return (
    <>
      <main id="main">
        {body.map((section) => (
          <SectionRenderer key={section.type} section={section} partner={partner} site={site} />
        ))}
      </main>
      {footer && <SectionRenderer section={footer} partner={partner} site={site} />}
    </>
  );
}
