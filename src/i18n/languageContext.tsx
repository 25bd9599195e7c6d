import { createContext, useContext } from 'react';
import { defaultLanguage, type Language } from './languages.ts';

/**
 * The language of the page being shown (issue 37). The route decides it (`/demo/es/...`) and the
 * partner layout provides it; every text that is not the partner's own reads it through
 * `useLanguage()`. Outside a provider (a block rendered alone) the page is English.
 */
export const LanguageContext = createContext<Language>(defaultLanguage);

export const LanguageProvider = LanguageContext.Provider;

export function useLanguage(): Language {
  return useContext(LanguageContext);
}
