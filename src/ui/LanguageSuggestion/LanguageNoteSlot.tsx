import { useEffect } from 'react';
import { languageNoteAttribute, languageToSuggest } from '../../i18n/suggestionDue.ts';
import type { Language } from '../../i18n/languages.ts';

// The same string on every render: React sets an element's inner HTML only when it changes.
const empty = { __html: '' };

/**
 * Where the language suggestion's note is drawn (languageNote.ts, plain DOM), right after the skip
 * link: in the prerendered page too, so a page can show the note before the app starts. Its
 * inside is inner HTML that never changes, which React neither hydrates nor touches, so a note
 * drawn before the app started stays through hydration. It takes no box (display: contents).
 *
 * Once the page runs in the app (a page the browser renders itself, or the partner or language
 * changing within it), the note's code is fetched only when a suggestion may be due. Never a
 * redirect (issue 37).
 */
export function LanguageNoteSlot({
  language,
  offered,
}: {
  language: Language;
  offered: readonly Language[] | undefined;
}) {
  useEffect(() => {
    if (languageToSuggest(language, offered, navigator))
      void import('./languageNote.ts').then((note) => note.showLanguageNote(document, offered));
  }, [language, offered]);
  return (
    <div
      {...{ [languageNoteAttribute]: '' }}
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={empty}
    />
  );
}
