import { createReadStream, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import type { Plugin } from 'vite';
import { createSignOff, signOffDir } from './signOff.ts';
import { createWorkspace, maxImageBytes, StudioError, templateIds } from './workspace.ts';

/**
 * The studio's local API, as middleware of its Vite dev server (which listens on 127.0.0.1 only):
 *
 *   GET  /studio-api/partners                 the partner files: [{ id, name }] and the templates
 *   GET  /studio-api/partners/:id             { id, text, hash } of one file as it is on disk
 *   POST /studio-api/create  { id, template } a new partner's first draft (nothing is written)
 *   POST /studio-api/check   { id, data }     the checker's problems for the draft
 *   POST /studio-api/prepare { id, data }     the formatted file, its diff against disk, problems
 *   POST /studio-api/save    { id, data, baseHash }   writes partners/{id}.json when valid
 *   GET  /studio-api/images/:id               { pictures }: public/partners/{id}/, each picture
 *                                             with its optimised copy and their sizes
 *   POST /studio-api/images/:id?name=logo.png (raw bytes) uploads one picture and writes its
 *                                             optimised copy: { picture }
 *   POST /studio-api/sign-off { id }          starts "Share for sign-off" of the saved file: a job
 *   GET  /studio-api/sign-off/:job            where that job stands (signOff.ts)
 *
 * It also serves the project's public/ folder, so a picture uploaded a moment ago shows at once,
 * and the sign-off folders (/sign-off/<partner>/<time>/), so their contact sheets open here.
 */
const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.html': 'text/html; charset=utf-8',
};

/** A file of a sign-off folder: /sign-off/<partner>/<time>/<file>. */
const signOffFile = /^\/sign-off\/[a-z0-9-]+\/[0-9-]+\/[a-z0-9.-]+\.(png|html)$/;

async function body(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      throw new StudioError(
        413,
        `This upload is larger than ${Math.round(limit / 1024 / 1024)} MB; pictures may be at most 1 MB.`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function json<T>(request: IncomingMessage): Promise<T> {
  const text = (await body(request, 5 * 1024 * 1024)).toString('utf8');
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new StudioError(400, 'The request was not valid JSON.');
  }
}

function send(response: ServerResponse, status: number, value: unknown) {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(JSON.stringify(value));
}

export function studioApi(projectRoot: string): Plugin {
  const workspace = createWorkspace(projectRoot);
  const signOff = createSignOff(workspace);

  async function route(request: IncomingMessage, response: ServerResponse, next: () => void) {
    const url = new URL(request.url ?? '/', 'http://studio.local');
    const parts = url.pathname.split('/').filter(Boolean);
    const method = request.method ?? 'GET';

    if (method === 'GET' && signOffFile.test(url.pathname)) {
      const file = join(projectRoot, signOffDir, url.pathname.slice(`/${signOffDir}/`.length));
      if (existsSync(file)) {
        response.setHeader('content-type', contentTypes[extname(file)] ?? 'text/plain');
        response.setHeader('cache-control', 'no-store');
        createReadStream(file).pipe(response);
        return;
      }
    }
    if (parts[0] !== 'studio-api') {
      // The project's public files (pictures, icons), read from disk on every request.
      const file = method === 'GET' ? workspace.publicFile(url.pathname) : undefined;
      if (file && url.pathname.match(/^\/(partners|images|favicon)/)) {
        response.setHeader(
          'content-type',
          contentTypes[extname(file)] ?? 'application/octet-stream',
        );
        response.setHeader('cache-control', 'no-store');
        createReadStream(file).pipe(response);
        return;
      }
      next();
      return;
    }

    const [, resource, id] = parts;
    if (method === 'GET' && resource === 'partners' && !id) {
      return send(response, 200, { partners: workspace.list(), templates: templateIds });
    }
    if (method === 'GET' && resource === 'partners' && id) {
      return send(response, 200, workspace.read(id));
    }
    if (method === 'POST' && resource === 'create') {
      const { id: newId, template } = await json<{ id: string; template: string }>(request);
      return send(response, 200, { data: workspace.createDraft(String(newId), String(template)) });
    }
    if (method === 'POST' && resource === 'check') {
      const draft = await json<{ id: string; data: unknown }>(request);
      return send(response, 200, workspace.review(String(draft.id), draft.data));
    }
    if (method === 'POST' && resource === 'prepare') {
      const draft = await json<{ id: string; data: unknown }>(request);
      return send(response, 200, await workspace.prepare(String(draft.id), draft.data));
    }
    if (method === 'POST' && resource === 'save') {
      const draft = await json<{ id: string; data: unknown; baseHash: string | null }>(request);
      return send(
        response,
        200,
        await workspace.save(String(draft.id), draft.data, draft.baseHash ?? null),
      );
    }
    if (method === 'GET' && resource === 'images' && id) {
      return send(response, 200, { pictures: workspace.images(id) });
    }
    if (method === 'POST' && resource === 'images' && id) {
      const name = url.searchParams.get('name') ?? '';
      // Read a little past the limit, so an oversized file gets the size message, not a cut-off.
      const bytes = await body(request, maxImageBytes * 4);
      return send(response, 200, { picture: await workspace.upload(id, name, bytes) });
    }
    if (method === 'POST' && resource === 'sign-off') {
      const { id: partnerId } = await json<{ id: string }>(request);
      // The pictures are taken of the studio's own preview, at the address this request came to.
      const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
      return send(response, 200, signOff.start(String(partnerId), origin));
    }
    if (method === 'GET' && resource === 'sign-off' && id) {
      return send(response, 200, signOff.status(id));
    }
    send(response, 404, { message: `No studio API at ${method} ${url.pathname}` });
  }

  return {
    name: 'homesafe:studio-api',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        route(request, response, next).catch((error: unknown) => {
          if (error instanceof StudioError) {
            send(response, error.status, { message: error.message, problems: error.problems });
          } else {
            send(response, 500, {
              message: `The studio could not do that: ${error instanceof Error ? error.message : String(error)}`,
            });
          }
        });
      });
    },
  };
}
