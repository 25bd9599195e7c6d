import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChoosePage } from '../experiments/pageVersions.ts';
import { ApiError, sendError } from '../http/errors.ts';
import { templateSuffix } from '../../src/config/dynamicText.ts';
import { loadPageTemplates } from '../site/pageTemplates.ts';
import { addressLanguage, shellFile } from '../../src/config/appShell.ts';
import { defaultLanguage, languages } from '../../src/i18n/languages.ts';

/**
 * Serves the built site (dist/) and answers every page address:
 *  - prerendered pages (tools/prerender/): /demo gets dist/demo/index.html, /demo/claim-offer gets
 *    dist/demo/claim-offer/index.html, / gets dist/index.html;
 *  - a visitor on a partner's host name (spec §2: the host decides before the route) gets that
 *    partner's pages rendered for its hosts (dist/_host/<id>/...) at / and /claim-offer, its own
 *    route pages, and the app shell elsewhere, so no other partner's page ever shows first;
 *  - any other page address gets the app shell in the address's language (dist/app-shell.html,
 *    app-shell.es.html for /demo/es/claim-offer/process or /es/... (src/config/appShell.ts), so
 *    `<html lang>` is right before any script runs; index.html in a build without prerendering)
 *    and the browser router takes over (/demo/claim-offer/process, ...);
 *  - API paths and missing files get a JSON 404.
 * Files are sent compressed when the build wrote a .br or .gz beside them. Pages carry the
 * Content-Security-Policy. A page whose blocks name a query parameter (URL-driven copy) is filled
 * from its template for a request that gives that parameter a value (site/pageTemplates.ts); the
 * templates themselves are never served.
 */
export interface SpaOptions {
  /** The partner id a request's host name selects, if any. */
  partnerForHost?: (hostname: string) => string | undefined;
  /** Content-Security-Policy header of an HTML page (that of the partner it shows). */
  contentSecurityPolicy?: (request: FastifyRequest) => string;
  /** Which version of a prerendered page this visitor gets (server/experiments/pageVersions.ts). */
  choosePage?: ChoosePage;
}

/** A page's own Cache-Control when it is not plain no-cache (a version picked per visitor). */
const pageCacheControl = new WeakMap<FastifyRequest, string>();
const HOST_PAGES_DIR = '_host';

function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return lastSegment.includes('.');
}

/** Folders (relative, '' for the root) that hold a prerendered index.html. */
function prerenderedPages(dir: string, prefix = ''): Set<string> {
  const pages = new Set<string>();
  if (existsSync(join(dir, 'index.html'))) pages.add(prefix);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'assets') continue;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    for (const page of prerenderedPages(join(dir, entry.name), path)) pages.add(page);
  }
  return pages;
}

/** "/demo/claim-offer/?x=1" -> "demo/claim-offer"; undefined for a path that cannot be decoded. */
function pagePath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '').replace(/^\/+|\/+$/g, '');
  } catch {
    return undefined;
  }
}

export async function registerSpa(
  app: FastifyInstance,
  staticDir: string | undefined,
  options: SpaOptions = {},
): Promise<void> {
  const pages = staticDir ? prerenderedPages(staticDir) : new Set<string>();
  // Each language's shell the build wrote; English's (or index.html) for any other.
  const shells = new Map(
    languages
      .map((language) => [language, shellFile(language)] as const)
      .filter(([, file]) => staticDir !== undefined && existsSync(join(staticDir, file))),
  );
  const englishShell = shells.get(defaultLanguage) ?? 'index.html';
  const shellFor = (request: FastifyRequest) =>
    shells.get(addressLanguage(request.url)) ?? englishShell;
  const templates = staticDir ? loadPageTemplates(staticDir, pages) : undefined;

  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      // One route per file of the build; every other address (pages, folders) is answered below
      // (host name, prerendered page or shell), never by a folder's index.html.
      wildcard: false,
      index: false,
      redirect: false,
      preCompressed: true,
      globIgnore: [`**/*${templateSuffix}`],
      setHeaders(reply, filePath) {
        // Vite fingerprints files under assets/, so they may be cached forever; pages never.
        const fingerprinted = /[\\/]assets[\\/]/.test(filePath);
        reply.header(
          'cache-control',
          fingerprinted
            ? 'public, max-age=31536000, immutable'
            : (pageCacheControl.get(reply.request) ?? 'no-cache'),
        );
        // (The path may be the .br or .gz sent in the page's place.)
        if (options.contentSecurityPolicy && /\.html(?:\.br|\.gz)?$/.test(filePath)) {
          reply.header('content-security-policy', options.contentSecurityPolicy(reply.request));
        }
      },
    });
  }

  /**
   * The prerendered page (its folder, relative to staticDir) that answers a page address, or
   * undefined for the shell. Folders whose name starts with "_" (pages for host names, versions of
   * a page) are never an address of their own: the server picks them.
   */
  function pageDir(request: FastifyRequest): string | undefined {
    const path = pagePath(request.url);
    if (path === undefined || path.split('/').some((segment) => segment.startsWith('_')))
      return undefined;
    const hostPartner = options.partnerForHost?.(request.hostname);
    let page: string | undefined;
    if (hostPartner) {
      // Its root pages, in English or under a language's code (/es, /es/claim-offer; issue 37).
      if (/^(?:[a-z]{2}(?:\/|$))?(?:claim-offer)?$/.test(path)) {
        page = [HOST_PAGES_DIR, hostPartner, path].filter(Boolean).join('/');
      } else if (path.split('/')[0] === hostPartner) {
        page = path;
      }
    } else {
      page = path;
    }
    return page !== undefined && pages.has(page) ? page : undefined;
  }

  function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const dir = pageDir(request);
    if (dir === undefined)
      return reply.header('cache-control', 'no-cache').sendFile(shellFor(request));
    const choice = options.choosePage?.(request, reply, dir) ?? { dir };
    if (choice.cacheControl) pageCacheControl.set(request, choice.cacheControl);
    if (choice.redirect !== undefined) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      reply.header('cache-control', choice.cacheControl ?? 'no-cache');
      return reply.redirect(`${choice.redirect}${query}`, 302);
    }
    // A version that was not built (a build without prerendering) falls back to the page itself.
    const chosen = choice.dir !== undefined && pages.has(choice.dir) ? choice.dir : dir;
    const filled = templates?.fill(chosen, request.url, request.headers['accept-encoding']);
    if (filled) {
      // Added to the version's "vary: cookie", if any.
      const vary = reply.getHeader('vary');
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', choice.cacheControl ?? 'no-cache')
        .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
      if (filled.encoding) reply.header('content-encoding', filled.encoding);
      if (options.contentSecurityPolicy)
        reply.header('content-security-policy', options.contentSecurityPolicy(request));
      return reply.send(filled.body);
    }
    return reply.sendFile(join(chosen, 'index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      staticDir !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      !looksLikeFile(request.url);
    if (isPage) return sendPage(request, reply);
    // The path is not echoed: an answer never repeats what the client sent.
    return sendError(reply, new ApiError(404, 'not_found', 'Nothing is served at this address.'));
  });
}
