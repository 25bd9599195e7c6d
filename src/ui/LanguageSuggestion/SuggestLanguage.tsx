import { lazy, Suspense, useEffect, useState } from 'react';
import { useLanguage } from '../../i18n/languageContext.tsx';
import type { Language } from '../../i18n/languages.ts';
import { languageToSuggest, watchLanguageChoice } from '../../i18n/suggestion.ts';

// Its own chunk, fetched only for a visitor it is shown to.
const LanguageSuggestion = lazy(() => import('./LanguageSuggestion.tsx'));

/**
 * Where the partner layout may suggest the page in the browser's language (issue 37): nothing in
 * the prerendered HTML nor in hydration (it is decided once the page runs), then, only for a
 * visitor whose browser prefers another language the partner offers and who has not answered
 * before, the suggestion (LanguageSuggestion.tsx). Never a redirect.
 */
export function SuggestLanguage({ offered }: { offered: readonly Language[] | undefined }) {
  const language = useLanguage();
  const [suggested, setSuggested] = useState<Language>();
  useEffect(() => {
    const wanted = languageToSuggest(language, offered, navigator);
    // Decided after hydration, so the first render matches the prerendered page.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSuggested(wanted);
    return wanted ? watchLanguageChoice(() => setSuggested(undefined)) : undefined;
  }, [language, offered]);
  if (!suggested) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSuggestion language={suggested} onDone={() => setSuggested(undefined)} />
    </Suspense>
  );
}
