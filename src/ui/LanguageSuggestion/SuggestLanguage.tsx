import { lazy, Suspense, useEffect, useState } from 'react';
import { useLanguage } from '../../i18n/languageContext.tsx';
import { isLanguage, type Language } from '../../i18n/languages.ts';

// Its own chunk, fetched only for a browser that prefers another language the partner offers.
const LanguageSuggestion = lazy(() => import('./LanguageSuggestion.tsx'));

/**
 * Where the partner layout may suggest the page in the browser's language (issue 37): nothing in
 * the prerendered HTML nor in hydration (it is decided once the page runs), then, only for a
 * browser whose first language is another one the partner offers, the suggestion's chunk, which
 * shows it unless the visitor answered before (LanguageSuggestion.tsx). Never a redirect.
 */
export function SuggestLanguage({ offered }: { offered: readonly Language[] | undefined }) {
  const language = useLanguage();
  const [wanted, setWanted] = useState<Language>();
  useEffect(() => {
    // The browser's first language the product speaks (as suggestion.ts's browserLanguage, which
    // stays out of the page's first load with the rest of the suggestion).
    const preferred = navigator.languages
      .map((tag) => tag.toLowerCase().split('-')[0])
      .find(isLanguage);
    // Decided after hydration, so the first render matches the prerendered page.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWanted(
      preferred && preferred !== language && offered?.includes(preferred) ? preferred : undefined,
    );
  }, [language, offered]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSuggestion
        key={`${language} ${wanted}`}
        language={wanted}
        onDone={() => setWanted(undefined)}
      />
    </Suspense>
  );
}
