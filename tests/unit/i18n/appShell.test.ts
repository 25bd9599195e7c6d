import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellFile } from '../../../src/config/appShell.ts';
import { documentWords } from '../../../src/i18n/documentWords.ts';
import { languages } from '../../../src/i18n/languages.ts';
import { shellDocument, unescapeHtml } from '../../../tools/prerender/html.ts';

/*
 * Issue 37: the page the server sends for an address that is not prerendered (the journey's later
 * steps) is in the address's language before any script runs. The build writes it per language
 * from Vite's index.html (tools/prerender/plugin.ts); the server picks it (server/test/spa.test.ts).
 */
const indexHtml = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');
const descriptionOf = (html: string) =>
  unescapeHtml(/<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '');

describe('the app shell in each language', () => {
  it("English says index.html's own description (one text, two places)", () => {
    expect(documentWords.en.description).toBe(descriptionOf(indexHtml));
  });

  it('the Spanish shell says lang="es" and a Spanish description, and keeps the rest', () => {
    const spanish = shellDocument(indexHtml, 'es', documentWords.es.description);
    expect(spanish).toMatch(/^<!doctype html>\s*<html lang="es">/i);
    expect(descriptionOf(spanish)).toBe(documentWords.es.description);
    expect(descriptionOf(spanish)).toMatch(/^Una revisión virtual de la seguridad del hogar/);
    // The same page otherwise: the product's name as title, the same script.
    const withoutHead = (html: string) =>
      html.replace(/<html lang="[^"]*"/, '').replace(/<meta\s+name="description"[^>]*>/, '');
    expect(withoutHead(spanish)).toBe(withoutHead(indexHtml));
    expect(spanish).toContain('<title>HomeSafe Scan</title>');
  });

  it('each language has its own file, English the one the server always had', () => {
    expect(languages.map(shellFile)).toEqual(['app-shell.html', 'app-shell.es.html']);
  });
});
