import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TApiErrorResponse } from '@pulse/contract/errors';

const HASHED_ASSET = /[\\/]assets[\\/]/;

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: TApiErrorResponse = {
    error: { code: 'not_found', message: `No API route matches ${request.method} ${request.url.split('?')[0]}.` },
  };
  return reply.code(404).send(body);
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app when its folder exists. Any other GET that asks for HTML gets
 * index.html, so a deep link like /order/abc loads the app and its router takes over; /api
 * paths always answer with the JSON 404.
 *
 * The web build writes a `.br` and a `.gz` twin beside every text file; the one the client's
 * Accept-Encoding prefers is sent as it is (brotli, then gzip, else the file itself), with
 * `Vary: Accept-Encoding`. Nothing is compressed per request here (decision 018); `sendFile`
 * goes through the same choice, so the deep-link index.html is compressed too.
 */
export const webAppPlugin = fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const hasWebApp = existsSync(join(webDistDir, 'index.html'));

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        preCompressed: true,
        cacheControl: false,
        // Vite fingerprints everything under assets/, so those never change; index.html must
        // be revalidated or a deploy would keep serving the old bundle names.
        setHeaders(response, filePath) {
          response.header(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
        return sendApiNotFound(request, reply);
      }
      if (hasWebApp && wantsHtml(request)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      const body: TApiErrorResponse = { error: { code: 'not_found', message: 'Not found.' } };
      return reply.code(404).send(body);
    });
  },
  { name: 'web-app' },
);
