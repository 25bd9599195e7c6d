import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError, sendError } from '../http/errors.ts';

/**
 * Serves the built site (dist/) and answers unknown paths: API paths get a JSON 404, page paths
 * get index.html so the single-page app's router can handle them (/demo/claim-offer, ...).
 */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return lastSegment.includes('.');
}

export async function registerSpa(
  app: FastifyInstance,
  staticDir: string | undefined,
): Promise<void> {
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      setHeaders(reply, filePath) {
        // Vite fingerprints files under assets/, so they may be cached forever; pages never.
        const fingerprinted = /[\\/]assets[\\/]/.test(filePath);
        reply.header(
          'cache-control',
          fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      staticDir !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      !looksLikeFile(request.url);
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendError(
      reply,
      new ApiError(
        404,
        'not_found',
        `Nothing is served at ${request.method} ${request.url.split('?')[0]}.`,
      ),
    );
  });
}
