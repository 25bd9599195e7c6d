import en from './catalogues/en/document.json' with { type: 'json' };
import es from './catalogues/es/document.json' with { type: 'json' };
import type { Language } from './languages.ts';

/**
 * What a page's head says for the product itself, per language (src/i18n/catalogues/<language>/
 * document.json): the description of the app shell, and of a prerendered page whose partner
 * gives none. Read at build time only (tools/prerender/), so no page's script carries it. English
 * is index.html's own (tests/unit/i18n/appShell.test.ts ties them); typing each language as
 * English's keys makes a missing one a type error.
 */
export const documentWords: Readonly<Record<Language, Record<keyof typeof en, string>>> = {
  en,
  es,
};
