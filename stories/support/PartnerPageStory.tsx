import { partnerInLanguage } from '../../src/config/translations.ts';
import { LanguageProvider } from '../../src/i18n/languageContext.tsx';
import type { Language } from '../../src/i18n/languages.ts';
import { partnerDirectory } from '../../src/config/partners.ts';
import type { JourneyPage } from '../../src/preview/journeyPages.ts';
import { PartnerJourneyPage } from '../../src/preview/PartnerJourneyPage.tsx';

export interface PartnerPageStoryProps {
  /** The partner file's id. */
  partnerId: string;
  /** One page of the offer journey, in one state (src/preview/journeyPages.ts). */
  page: JourneyPage;
  /** The language the page is shown in (issue 37); English when left out. */
  language?: Language;
}

/** One page of one partner's offer journey, opened the way the visitor reaches it. */
export function PartnerPageStory({ partnerId, page, language = 'en' }: PartnerPageStoryProps) {
  const file = partnerDirectory.byId.get(partnerId);
  if (!file) return <p>No partner file with the id “{partnerId}”.</p>;
  return (
    <LanguageProvider value={language}>
      <PartnerJourneyPage partner={partnerInLanguage(file, language)} page={page} />
    </LanguageProvider>
  );
}
