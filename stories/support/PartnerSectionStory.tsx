import { partnerDirectory, site } from '../../src/config/partners.ts';
import { SectionList, SectionRenderer } from '../../src/sections/SectionRenderer.tsx';
import { StoryProviders } from './StoryProviders.tsx';

export interface PartnerSectionStoryProps {
  /** The partner file's id. */
  partnerId: string;
  /** The page's key in the partner file: "landing" or an extra page's key. */
  page: string;
  /** One section of that page, by its id, or "page" for the whole page. */
  sectionId?: string;
  /** Or: the page's first section of this type (the cross-partner "Sections" stories). */
  type?: string;
}

/** One section of one partner's page (or the whole page), exactly as the site renders it. */
export function PartnerSectionStory({
  partnerId,
  page: pageKey,
  sectionId,
  type,
}: PartnerSectionStoryProps) {
  const partner = partnerDirectory.byId.get(partnerId);
  if (!partner) return <p>No partner file with the id “{partnerId}”.</p>;
  const page = partner.pages[pageKey];
  if (!page)
    return (
      <p>
        {partner.name} has no page “{pageKey}”.
      </p>
    );
  const entry = page.sections.find((candidate) =>
    type ? candidate.type === type : candidate.id === sectionId,
  );
  return (
    <StoryProviders partner={partner}>
      {sectionId === 'page' ? (
        <SectionList page={page} partner={partner} site={site} />
      ) : entry ? (
        <SectionRenderer section={entry} page={page} partner={partner} site={site} />
      ) : (
        <p style={{ padding: '2rem' }}>
          {partner.name}’s “{pageKey}” page has no section “{type ?? sectionId}”.
        </p>
      )}
    </StoryProviders>
  );
}
