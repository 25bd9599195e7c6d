import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  markedParameters,
  queryValues,
  replaceMarkers,
  templateFile,
} from '../../src/config/dynamicText.ts';
import { FIRST_FLIGHT_BYTES } from '../../src/config/firstFlight.ts';
import { escapeHtml } from '../email/escape.ts';

/**
 * URL-driven copy on the server (src/config/dynamicText.ts). The build writes, beside each page
 * whose blocks name a query parameter, a template with the defaults between markers
 * (index.template.html). A request whose query gives one of those parameters a value gets the
 * template filled with it, HTML-escaped (it may land in text or in an attribute) and cleaned and
 * capped exactly as the browser cleans it, so hydration finds the same text; every other request
 * gets the page's static file.
 */
export interface FilledPage {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
}

interface Template {
  html: string;
  parameters: Set<string>;
}

/** Filled pages kept, compressed: campaigns send many visitors with the same few values. */
const CACHE_ENTRIES = 200;
/**
 * About a millisecond for a page, within 10% of the build's best setting (11, 35-55 ms): that
 * one only when the quick one would push the page past the first round trip.
 */
const QUICK_BROTLI_QUALITY = 6;

/** The encoding to send: brotli, else gzip, else none; q=0 refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): FilledPage['encoding'] {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const brotli = (bytes: Buffer, quality: number) =>
  brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

function compress(html: string, encoding: FilledPage['encoding']): Buffer {
  const bytes = Buffer.from(html);
  if (encoding === 'br') {
    const quick = brotli(bytes, QUICK_BROTLI_QUALITY);
    return quick.length > FIRST_FLIGHT_BYTES ? brotli(bytes, constants.BROTLI_MAX_QUALITY) : quick;
  }
  return encoding === 'gzip' ? gzipSync(bytes, { level: 6 }) : bytes;
}

/**
 * The templates of the built site's pages (`pageDirs`: the folders holding an index.html,
 * relative to `staticDir`), read once at start.
 */
export function loadPageTemplates(staticDir: string, pageDirs: Iterable<string>) {
  const templates = new Map<string, Template>();
  for (const dir of pageDirs) {
    const path = join(staticDir, templateFile(join(dir, 'index.html')));
    if (!existsSync(path)) continue;
    const html = readFileSync(path, 'utf8');
    templates.set(dir, { html, parameters: markedParameters(html) });
  }
  const cache = new Map<string, FilledPage>();

  return {
    /**
     * The page at `dir` filled for this request's query, compressed as the browser accepts, or
     * undefined when the static page answers (no template, or no value for its parameters).
     */
    fill(dir: string, url: string, acceptEncoding: string | undefined): FilledPage | undefined {
      const template = templates.get(dir);
      const query = url.indexOf('?');
      if (!template || query < 0) return undefined;
      const given = [...queryValues(url.slice(query + 1))].filter(([name]) =>
        template.parameters.has(name),
      );
      if (given.length === 0) return undefined;
      const values = new Map(given);
      const encoding = chooseEncoding(acceptEncoding);
      const key = JSON.stringify([dir, encoding, ...given.sort(([a], [b]) => (a < b ? -1 : 1))]);
      const cached = cache.get(key);
      if (cached) {
        // Most recently used last: the first entry is the one to drop.
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const html = replaceMarkers(template.html, (name, fallbackHtml) => {
        const value = values.get(name);
        return value === undefined ? fallbackHtml : escapeHtml(value);
      });
      const filled: FilledPage = { body: compress(html, encoding), encoding };
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
      cache.set(key, filled);
      return filled;
    },
  };
}

export type PageTemplates = ReturnType<typeof loadPageTemplates>;
