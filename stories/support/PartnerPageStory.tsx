import { partnerDirectory } from '../../src/config/partners.ts';
import type { JourneyPage } from '../../src/preview/journeyPages.ts';
import { PartnerJourneyPage } from '../../src/preview/PartnerJourneyPage.tsx';

export interface PartnerPageStoryProps {
  /** The partner file's id. */
  partnerId: string;
  /** One page of the offer journey, in one state (src/preview/journeyPages.ts). */
  page: JourneyPage;
}

/** One page of one partner's offer journey, opened the way the visitor reaches it. */
export function PartnerPageStory({ partnerId, page }: PartnerPageStoryProps) {
  const partner = partnerDirectory.byId.get(partnerId);
  if (!partner) return <p>No partner file with the id “{partnerId}”.</p>;
  return <PartnerJourneyPage partner={partner} page={page} />;
}
