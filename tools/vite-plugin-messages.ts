import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { compileCatalogue } from './i18n/compileMessages.ts';

/**
 * The site's words (src/i18n/catalogues/<language>/<area>.json, ICU MessageFormat) compiled to
 * plain modules at build time (tools/i18n/compileMessages.ts), for the browser, the prerender,
 * Storybook, the studio and the tests alike. The emails' catalogue (email.json) is the server's:
 * it compiles its own when it starts (server/email/emailText.ts), and is left alone here.
 */
const catalogue = /[\\/]src[\\/]i18n[\\/]catalogues[\\/](en|es)[\\/](?!email\.json$)[\w-]+\.json$/;
const locales: Record<string, string> = { en: 'en-US', es: 'es-US' };
const prefix = '\0site-words:';

/**
 * A catalogue loaded on demand, `import('.../es/offer.json', { with: { type: 'json' } })`: the
 * attribute keeps the source loadable as plain ESM (Vite's config loader, Node), but what this
 * plugin serves is compiled JavaScript, and a browser refuses JavaScript for an import that asked
 * for JSON (the dev server and Storybook keep the attribute; the build drops it).
 */
const catalogueImportWithJson =
  /import\(\s*(['"][^'"]*\/catalogues\/(?:en|es)\/[\w-]+\.json['"])\s*,\s*\{\s*with\s*:\s*\{\s*type\s*:\s*['"]json['"]\s*\}\s*\}\s*\)/g;

export function messagesPlugin(): Plugin {
  return {
    name: 'homesafe-site-words',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json') || source.startsWith(prefix)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !catalogue.test(resolved.id)) return null;
      // A name that is no .json, so Vite's JSON plugin leaves the compiled module alone.
      return `${prefix}${resolved.id}.js`;
    },
    transform(code, id) {
      if (!/[\\/]src[\\/]i18n[\\/]/.test(id) || !code.includes('catalogues/')) return null;
      const stripped = code.replace(catalogueImportWithJson, 'import($1)');
      return stripped === code ? null : { code: stripped, map: null };
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length, -'.js'.length);
      this.addWatchFile(file);
      const language = catalogue.exec(file)?.[1] ?? 'en';
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return compileCatalogue(messages, locales[language] ?? 'en-US', file);
    },
  };
}
