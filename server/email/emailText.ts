import MessageFormat from '@messageformat/core';
import en from '../../src/i18n/catalogues/en/email.json' with { type: 'json' };
import es from '../../src/i18n/catalogues/es/email.json' with { type: 'json' };
import { languages, type Language } from '../../src/i18n/languages.ts';
import { intlLocale } from '../services/languages.ts';

/**
 * The emails' words in each language, from src/i18n/catalogues/<language>/email.json (flat keys,
 * ICU MessageFormat). Each language's catalogue is compiled once, when the server loads, with
 * @messageformat/core; a message is then a plain function call. Typing each catalogue as a record
 * of English's keys makes a missing or extra key a type error, not an email with a hole in it.
 */
export type EmailKey = keyof typeof en;
export type EmailValues = Record<string, string | number>;

export interface EmailWords {
  language: Language;
  /** The Intl locale for dates and prices ("en-US", "es-US"). */
  locale: string;
  /** The message for `key`, its placeholders filled with `values`. */
  t(key: EmailKey, values?: EmailValues): string;
}

const catalogues: Record<Language, Record<EmailKey, string>> = { en, es };

function compile(language: Language): EmailWords {
  const format = new MessageFormat(intlLocale[language]);
  const messages = new Map<string, (values?: EmailValues) => string>();
  for (const [key, source] of Object.entries(catalogues[language])) {
    const message = format.compile(source);
    messages.set(key, (values) => String(message(values)));
  }
  return {
    language,
    locale: intlLocale[language],
    t(key, values) {
      const message = messages.get(key);
      if (!message) throw new Error(`The email catalogue of "${language}" has no "${key}"`);
      return message(values);
    },
  };
}

const compiled = new Map<Language, EmailWords>(
  languages.map((language) => [language, compile(language)]),
);

export function emailWords(language: Language): EmailWords {
  const words = compiled.get(language);
  if (!words) throw new Error(`No email catalogue for "${language}"`);
  return words;
}
