/**
 * The languages the product can speak (issue 37). English is the default and always offered; a
 * partner file lists the others it offers ("languages"). The partner schema's `language` enum
 * repeats this list (src/i18n/languages.test.ts keeps them equal).
 */
export const languages = ['en', 'es'] as const;

export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

/** Each language's name in itself, as a language switch shows it. */
export const languageNames: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Marks the language switch (and the language suggestion): following a link inside it changes
 * language (the answers typed go along: switchAnswers.ts; the choice is kept: suggestion.ts).
 */
export const languageSwitchAttribute = 'data-language-switch';
