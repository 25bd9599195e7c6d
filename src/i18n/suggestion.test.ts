import { describe, expect, it } from 'vitest';
import { rememberAnswer } from './suggestion.ts';
import { browserLanguage, languageToSuggest } from './suggestionDue.ts';

function memoryStore() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  return () => storage;
}

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const spanish = { languages: ['es-MX', 'es', 'en'], userAgent: chrome };
const both = ['en', 'es'] as const;

/** Issue 37: the browser's language may suggest the page in it, never redirect. */
describe('the language suggestion', () => {
  it("reads the browser's first language the product speaks", () => {
    expect(browserLanguage(['fr-FR', 'ES-us', 'en'])).toBe('es');
    expect(browserLanguage(['en-GB', 'es'])).toBe('en');
    expect(browserLanguage(['de', 'fr'])).toBeUndefined();
  });

  it('suggests Spanish on an English page of a partner offering it, until the visitor answers', () => {
    const store = memoryStore();
    expect(languageToSuggest('en', both, spanish, store)).toBe('es');
    rememberAnswer('dismissed', store);
    expect(languageToSuggest('en', both, spanish, store)).toBeUndefined();
    const chose = memoryStore();
    rememberAnswer('en', chose);
    expect(languageToSuggest('en', both, spanish, chose)).toBeUndefined();
  });

  it('suggests nothing on a page in that language, for a partner without it, or to a crawler', () => {
    const store = memoryStore();
    expect(languageToSuggest('es', both, spanish, store)).toBeUndefined();
    expect(languageToSuggest('en', ['en'], spanish, store)).toBeUndefined();
    expect(languageToSuggest('en', undefined, spanish, store)).toBeUndefined();
    expect(
      languageToSuggest('en', both, { languages: ['en-US'], userAgent: chrome }, store),
    ).toBeUndefined();
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
    ])
      expect(languageToSuggest('en', both, { ...spanish, userAgent }, store)).toBeUndefined();
    // The other way round too: English for a browser that prefers it, on a Spanish page.
    expect(
      languageToSuggest('es', both, { languages: ['en-US', 'es'], userAgent: chrome }, store),
    ).toBe('en');
  });
});
