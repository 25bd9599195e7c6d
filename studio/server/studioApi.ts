import { createReadStream, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import type { Plugin } from 'vite';
import { maxPictureBytes, pictureTooLarge } from '../src/images/pictureRules.ts';
import { createPartnerGit } from './partnerGit.ts';
import type { RecordRequest, RecordResponse, SaveRequest, SaveResponse } from './saveResponse.ts';
import { createSignOff, signOffDir } from './signOff.ts';
import { createStudioReport } from './studioReport.ts';
import { createVisualRefresh } from './visualRefresh.ts';
import { createWorkspace, partnerIdPattern, StudioError, templateIds } from './workspace.ts';

/**
 * The studio's local API, as middleware of its Vite dev server (which listens on 127.0.0.1 only):
 *
 *   GET  /studio-api/partners                 the partner files: [{ id, name }] and the templates
 *   GET  /studio-api/partners/:id             { id, text, hash } of one file as it is on disk
 *   POST /studio-api/create  { id, template } a new partner's first draft (nothing is written)
 *   POST /studio-api/check   { id, data }     the checker's problems for the draft
 *   POST /studio-api/prepare { id, data }     the formatted file, its diff against disk, problems
 *   POST /studio-api/save    { id, data, baseHash, record? }   writes partners/{id}.json when
 *                                             valid, moving the staged pictures it uses to public/;
 *                                             with record: { message }, commits it and its
 *                                             pictures in git (partnerGit.ts): SaveResponse
 *   POST /studio-api/record  { id, message }  commits the saved file and its pictures (a save
 *                                             that was not recorded): RecordResponse
 *   GET  /studio-api/git                      whether saves can be recorded in git (or why not)
 *   GET  /studio-api/settings                 { apiAddress }: where the site's API listens (for the results view)
 *   GET  /studio-api/history/:id              the file's committed versions, newest first
 *   GET  /studio-api/images/:id               { pictures }: public/partners/{id}/ and the staged
 *                                             ones, each with its optimised copy and their sizes
 *   POST /studio-api/images/:id?name=logo.png (raw bytes) stages one picture and its optimised
 *                                             copy until the partner is saved: { picture }
 *   DELETE /studio-api/images/:id             drops the staged pictures ("Discard my changes")
 *   POST /studio-api/sign-off { id }          starts "Share for sign-off" of the saved file: a job
 *   GET  /studio-api/sign-off/:job            where that job stands (signOff.ts)
 *   POST /studio-api/visual { id }            takes the visual check's pictures of the saved
 *                                             partner again (visualRefresh.ts): a job
 *   GET  /studio-api/visual/:job              where that job stands
 *
 * It also answers GET /api/report for Test results (studioReport.ts: the site's API when it runs,
 * else the site's database read here), and serves the project's public/ folder, a staged picture at the address it will have once
 * saved (so the preview and the forms show an upload at once), and the sign-off folders
 * (/sign-off/<partner>/<time>/), so their contact sheets open here.
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

/** Bytes read past a limit only to measure the upload for its message; beyond, it is cut off. */
const measureUpTo = 1024 * 1024 * 1024;

/**
 * The request's body, up to `limit` bytes. A larger one is read to its end without being kept,
 * so the refusal can name its real size (and the browser, still sending, gets the answer).
 */
async function body(
  request: IncomingMessage,
  limit: number,
  tooLarge: (bytes: number) => string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > measureUpTo) break;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  if (size > limit) throw new StudioError(413, tooLarge(size));
  return Buffer.concat(chunks);
}

const jsonLimit = 5 * 1024 * 1024;

async function json<T>(request: IncomingMessage): Promise<T> {
  const text = (
    await body(
      request,
      jsonLimit,
      (bytes) =>
        `This request is ${Math.ceil(bytes / 1024 / 1024)} MB; the studio reads at most 5 MB.`,
    )
  ).toString('utf8');
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

/** The studio API as connect-style middleware (the Vite plugin below; the tests use it alone). */
/** What the studio's server knows that the page cannot: where the site's API listens. */
export interface StudioSettings {
  /** The site's API the studio asks for /api/report first, such as http://127.0.0.1:8787. */
  apiAddress: string;
}

export function studioMiddleware(projectRoot: string, settings: StudioSettings) {
  const workspace = createWorkspace(projectRoot);
  const git = createPartnerGit(projectRoot);
  workspace.removeStaleStaging();
  const signOff = createSignOff(workspace);
  const report = createStudioReport(projectRoot, settings.apiAddress);
  const visual = createVisualRefresh(projectRoot);

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
    if (method === 'GET' && url.pathname === '/api/report') {
      // Test results: from the site's API when it runs, else from its database (studioReport.ts).
      const { status, body: answer } = await report(url);
      return send(response, status, answer);
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
    if (method === 'GET' && resource === 'settings') {
      return send(response, 200, settings);
    }
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
      const draft = await json<SaveRequest>(request);
      const partnerId = String(draft.id);
      const saved: SaveResponse = await workspace.save(
        partnerId,
        draft.data,
        draft.baseHash ?? null,
      );
      if (draft.record) {
        const { commit, note, upToDate } = await git.record(
          partnerId,
          String(draft.record.message ?? ''),
        );
        if (commit) saved.commit = commit;
        if (note) saved.gitNote = note;
        if (upToDate) saved.gitUpToDate = upToDate;
      }
      return send(response, 200, saved);
    }
    if (method === 'POST' && resource === 'record') {
      // A save that was not recorded, recorded afterwards from "What happens next".
      const asked = await json<RecordRequest>(request);
      const partnerId = String(asked.id);
      if (!partnerIdPattern.test(partnerId))
        throw new StudioError(400, `"${partnerId}" cannot be a partner id.`);
      const { commit, note, upToDate } = await git.record(partnerId, String(asked.message ?? ''));
      const answer: RecordResponse = {
        ...(commit ? { commit } : {}),
        ...(note ? { gitNote: note } : {}),
        ...(upToDate ? { gitUpToDate: upToDate } : {}),
      };
      return send(response, 200, answer);
    }
    if (method === 'GET' && resource === 'git') {
      return send(response, 200, await git.readiness());
    }
    if (method === 'GET' && resource === 'history' && id) {
      if (!partnerIdPattern.test(id)) throw new StudioError(400, `"${id}" cannot be a partner id.`);
      return send(response, 200, await git.history(id));
    }
    if (method === 'GET' && resource === 'images' && id) {
      return send(response, 200, { pictures: workspace.images(id) });
    }
    if (method === 'POST' && resource === 'images' && id) {
      const name = url.searchParams.get('name') ?? '';
      // "use=icon": the browser tab's icon, which the build draws from a drawing itself.
      const inPage = url.searchParams.get('use') !== 'icon';
      const bytes = await body(request, maxPictureBytes, pictureTooLarge);
      return send(response, 200, {
        picture: await workspace.upload(id, name, bytes, { inPage }),
      });
    }
    if (method === 'DELETE' && resource === 'images' && id) {
      workspace.dropStaged(id);
      return send(response, 200, { pictures: workspace.images(id) });
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
    if (method === 'POST' && resource === 'visual') {
      const { id: partnerId } = await json<{ id: string }>(request);
      if (!partnerIdPattern.test(String(partnerId)))
        throw new StudioError(400, `"${String(partnerId)}" cannot be a partner id.`);
      return send(response, 200, visual.start(String(partnerId)));
    }
    if (method === 'GET' && resource === 'visual' && id) {
      return send(response, 200, visual.status(id));
    }
    send(response, 404, { message: `No studio API at ${method} ${url.pathname}` });
  }

  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    route(request, response, next).catch((error: unknown) => {
      if (error instanceof StudioError) {
        send(response, error.status, { message: error.message, problems: error.problems });
      } else {
        send(response, 500, {
          message: `The studio could not do that: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    });
  };
}

export function studioApi(projectRoot: string, settings: StudioSettings): Plugin {
  return {
    name: 'homesafe:studio-api',
    apply: 'serve',
    configureServer(server) {
      // Made as the studio starts, which also drops pictures staged for drafts nobody opened
      // for a week (pictureStaging.ts).
      server.middlewares.use(studioMiddleware(projectRoot, settings));
    },
    // The same API beside a built studio (`vite preview`): the end-to-end tests build the studio
    // once and serve that, instead of a dev server transforming every module for each file.
    configurePreviewServer(server) {
      server.middlewares.use(studioMiddleware(projectRoot, settings));
    },
  };
}
