/** The languages the product can speak (BCP 47 primary subtags). English is the default. */
export const languages = ['en', 'es'] as const;

export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

/** Each language's name in itself, as a language switch shows it. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  es: 'Español',
};
