import { use } from 'react';
import { useLanguage } from './languageContext.tsx';
import type { Language } from './languages.ts';
import { fulfilled, usable, valueOf } from '../lib/usable.ts';

/**
 * The site's own words (issue 37): one catalogue per language and area of the site under
 * src/i18n/catalogues/<language>/<area>.json, ICU MessageFormat, compiled at build time to plain
 * strings and functions (tools/vite-plugin-messages.ts), so no message parser ships.
 *
 * An area's English catalogue is part of the code that shows it (English is the default, what
 * the prerender of an English page and every English test read at once). Any other language is
 * a chunk of its own per area, fetched the first time a page in that language shows the area:
 * an English page never loads a Spanish word, and the landing page's few words never pull the
 * journey's.
 */

/** A catalogue as TypeScript reads its JSON: each key's ICU source. */
export type Catalogue = Record<string, string>;

/** The values a message's placeholders take (dates as a timestamp or a Date). */
export type Values = Record<string, string | number | Date>;

/** A catalogue's message by key, its placeholders filled. */
export type Text<C extends Catalogue> = (key: keyof C & string, values?: Values) => string;

/** Another language's catalogue of an area: exactly the English keys (a missing key is a type error). */
export type Translation<C extends Catalogue> = { [Key in keyof C]: string };

type OtherLanguage = Exclude<Language, 'en'>;

/** An area's words: English at hand, every other language a chunk fetched when first needed. */
export interface Words<C extends Catalogue> {
  en: C;
  load: Record<OtherLanguage, () => Promise<{ default: Translation<C> }>>;
}

/** What the build makes of a message: its text, or a function of its values. */
type Compiled = string | ((values: Values) => string);

// One text function per catalogue, so it keeps its identity from render to render.
const texts = new WeakMap<object, Text<Catalogue>>();

/** The text function of a catalogue (of any language). */
export function textOf<C extends Catalogue>(catalogue: C): Text<C> {
  let text = texts.get(catalogue);
  if (!text) {
    text = (key, values = {}) => {
      const message = catalogue[key] as unknown as Compiled;
      return typeof message === 'function' ? message(values) : message;
    };
    texts.set(catalogue, text);
  }
  return text as Text<C>;
}

// One fetch per area and language, kept as its promise (src/lib/usable.ts says why).
const fetched = new Map<() => Promise<unknown>, Promise<Catalogue>>();

/**
 * An area's catalogue in `language`, as a promise: English at hand (settled from the start),
 * any other language its chunk's one fetch. The same promise on every call, which React's use()
 * reads at once once it has settled.
 */
export function catalogueIn<C extends Catalogue>(
  words: Words<C>,
  language: Language,
): Promise<Translation<C>> {
  if (language === 'en') return fulfilled(words.en);
  const load = words.load[language];
  let found = fetched.get(load);
  if (!found) {
    found = usable(load().then((module) => module.default));
    fetched.set(load, found);
  }
  return found as Promise<Translation<C>>;
}

/**
 * The words of an area in the page's language if they are here already, else English: for what
 * must show whatever failed (the error page), never waiting for a chunk that may not come.
 */
export function useTextAtHand<C extends Catalogue>(words: Words<C>): Text<C> {
  const language = useLanguage();
  const found = language === 'en' ? undefined : valueOf(fetched.get(words.load[language]));
  return textOf<C>((found as C | undefined) ?? words.en);
}

/**
 * The words of an area in the page's language (`useLanguage()`): `t('key', { name })`. A page in
 * another language than English suspends until the area's chunk is here (the prerender waits for
 * it; a hydrating page keeps its HTML meanwhile). use() is called on every render, English too.
 */
export function useText<C extends Catalogue>(words: Words<C>): Text<C> {
  return textOf<C>(use(catalogueIn(words, useLanguage())) as C);
}
