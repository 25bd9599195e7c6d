import { blocksWords } from '../../i18n/areas/blocks.ts';
import { consentWords } from '../../i18n/areas/consent.ts';
import type { Language } from '../../i18n/languages.ts';
import { catalogueIn, textOf, type Text } from '../../i18n/words.ts';

/** The consent notice's words in one language: its catalogue, and the footer's "Cookie choices". */
export interface NoticeWords {
  text: Text<typeof consentWords.en>;
  /** The notice's landmark name: the footer's button that opens it again says the same. */
  region: string;
}

/**
 * The notice's words in `language`, for the prerender (src/entry-server.tsx) and for the notice a
 * page the browser rendered itself gets (src/services/measurement/start.ts).
 */
export async function noticeWordsIn(language: Language): Promise<NoticeWords> {
  const [consent, blocks] = await Promise.all([
    catalogueIn(consentWords, language),
    catalogueIn(blocksWords, language),
  ]);
  return {
    text: textOf(consent as typeof consentWords.en),
    region: textOf(blocks as typeof blocksWords.en)('cookieChoices'),
  };
}
