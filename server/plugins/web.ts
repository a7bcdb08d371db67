// Serves the built portal: hashed assets cached for good, every other path falls back to the app's HTML.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../src/domain/api/errors.ts';
import { sendError } from './errors.ts';

const HAS_EXTENSION = /\/[^/]+\.[a-z0-9]+$/i;

export async function registerWeb(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const served = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (served) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      // Only the built files become routes; every other page path falls through to the app's HTML.
      wildcard: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isPage =
      served &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !urlPath.startsWith('/v1/') &&
      urlPath !== '/v1' &&
      !HAS_EXTENSION.test(urlPath);
    if (!isPage) {
      return sendError(reply, request, {
        statusCode: 404,
        code: ERROR_CODES.notFound,
        message: `No such path: ${request.method} ${urlPath}`,
      });
    }
    const entry =
      urlPath === '/embedded' || urlPath.startsWith('/embedded/') ? 'embedded.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(entry);
  });
}
