import { partnerDirectory, site } from '../../src/config/partners.ts';
import { SectionList, SectionRenderer } from '../../src/sections/SectionRenderer.tsx';
import type { SectionType } from '../../src/sections/sectionTypes.ts';
import { StoryProviders } from './StoryProviders.tsx';

export interface PartnerSectionStoryProps {
  /** The partner file's id. */
  partnerId: string;
  /** One section type of the partner's landing page, or the whole page. */
  section: SectionType | 'page';
}

/** One section of one partner's landing page (or the whole page), exactly as the site renders it. */
export function PartnerSectionStory({ partnerId, section }: PartnerSectionStoryProps) {
  const partner = partnerDirectory.byId.get(partnerId);
  if (!partner) return <p>No partner file with the id “{partnerId}”.</p>;
  const entry = partner.pages.landing.sections.find((candidate) => candidate.type === section);
  return (
    <StoryProviders partner={partner}>
      {section === 'page' ? (
        <SectionList partner={partner} site={site} />
      ) : entry ? (
        <SectionRenderer section={entry} partner={partner} site={site} />
      ) : (
        <p style={{ padding: '2rem' }}>
          {partner.name} does not list the “{section}” section on its landing page.
        </p>
      )}
    </StoryProviders>
  );
}
