/** What the prerender lists on the boot script for the app's start (`data-preload`). */
export const listed = (doc: Document) =>
  (doc.querySelector('script[data-preload]')?.getAttribute('data-preload') ?? '')
    .split(' ')
    .filter(Boolean);

const stylesheets = new WeakMap<Document, Promise<unknown>>();

/**
 * The whole stylesheet the list names, linked once (the app's start, and the language note, which
 * shows before it: src/ui/LanguageSuggestion/languageNote.ts). Resolves once it has arrived or
 * failed.
 */
export function linkStylesheet(doc: Document = document): Promise<unknown> {
  let styled = stylesheets.get(doc);
  if (!styled) {
    const href = listed(doc).find((listedHref) => listedHref.endsWith('.css'));
    styled = Promise.resolve();
    if (href) {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      styled = new Promise((done) => (link.onload = link.onerror = done));
      link.href = href;
      doc.head.append(link);
    }
    stylesheets.set(doc, styled);
  }
  return styled;
}
