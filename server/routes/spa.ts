import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, sendError } from '../http/errors.ts';

/**
 * Serves the built site (dist/) and answers every page address:
 *  - prerendered pages (tools/prerender/): /demo gets dist/demo/index.html, /demo/claim-offer gets
 *    dist/demo/claim-offer/index.html, / gets dist/index.html;
 *  - a visitor on a partner's host name (spec §2: the host decides before the route) gets that
 *    partner's pages rendered for its hosts (dist/_host/<id>/...) at / and /claim-offer, its own
 *    route pages, and the app shell elsewhere, so no other partner's page ever shows first;
 *  - any other page address gets the app shell (dist/app-shell.html; index.html in a build without
 *    prerendering) and the browser router takes over (/demo/claim-offer/process, ...);
 *  - API paths and missing files get a JSON 404.
 * Files are sent compressed when the build wrote a .br or .gz beside them. Pages carry the
 * Content-Security-Policy.
 */
export interface SpaOptions {
  /** The partner id a request's host name selects, if any. */
  partnerForHost?: (hostname: string) => string | undefined;
  /** Content-Security-Policy header of the HTML pages. */
  contentSecurityPolicy?: string;
}

const SHELL_FILE = 'app-shell.html';
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
  const shell = staticDir && existsSync(join(staticDir, SHELL_FILE)) ? SHELL_FILE : 'index.html';

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
      setHeaders(reply, filePath) {
        // Vite fingerprints files under assets/, so they may be cached forever; pages never.
        const fingerprinted = /[\\/]assets[\\/]/.test(filePath);
        reply.header(
          'cache-control',
          fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // (The path may be the .br or .gz sent in the page's place.)
        if (options.contentSecurityPolicy && /\.html(?:\.br|\.gz)?$/.test(filePath)) {
          reply.header('content-security-policy', options.contentSecurityPolicy);
        }
      },
    });
  }

  /** The file that answers a page address (relative to staticDir). */
  function pageFile(request: FastifyRequest): string {
    const path = pagePath(request.url);
    if (path === undefined) return shell;
    const hostPartner = options.partnerForHost?.(request.hostname);
    let page: string | undefined;
    if (hostPartner) {
      if (path === '' || path === 'claim-offer') {
        page = [HOST_PAGES_DIR, hostPartner, path].filter(Boolean).join('/');
      } else if (path.split('/')[0] === hostPartner) {
        page = path;
      }
    } else if (path.split('/')[0] !== HOST_PAGES_DIR) {
      page = path;
    }
    return page !== undefined && pages.has(page) ? join(page, 'index.html') : shell;
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      staticDir !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      !looksLikeFile(request.url);
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile(pageFile(request));
    // The path is not echoed: an answer never repeats what the client sent.
    return sendError(reply, new ApiError(404, 'not_found', 'Nothing is served at this address.'));
  });
}
