import { msg } from '@lingui/core/runtime-macro';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { UnauthorizedError } from '../errors/domain-errors';
import { dbPoolConnections, httpRequestDuration, httpRequestsTotal, metricsRegistry, statusClass } from '../lib/metrics';

export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (a 404 of the not-found handler): never its URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const METRICS_TOKEN_MESSAGE = msg`The metrics need the token set in METRICS_TOKEN, sent as a bearer token.`;

/** What a scrape answers: the gauges read now (the database's connections), then every metric. */
export async function renderMetrics(database: Database): Promise<string> {
  const connections = database.connections();
  dbPoolConnections.set({ state: 'in_use' }, connections.inUse);
  dbPoolConnections.set({ state: 'idle' }, connections.idle);
  dbPoolConnections.set({ state: 'waiting' }, connections.waiting);
  return metricsRegistry.metrics();
}

/** `Authorization: Bearer <token>` with the configured token; compared in constant time (both sides hashed to one length first). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(token).digest());
}

/** The separate listener (METRICS_PORT): GET /metrics without a token, anything else 404. */
function createMetricsServer(database: Database, onError: (error: unknown) => void): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    renderMetrics(database).then(
      (body) => {
        response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
}

/**
 * Prometheus metrics (issue 29, decision 065). Every answered request is counted and timed by
 * method, route pattern (Fastify's `/api/orders/:orderId`, or `unmatched`) and status class; the
 * raw URL never becomes a label, so the number of series stays bounded.
 *
 * Where they are served, never public by accident:
 * - GET /metrics on the main port only when METRICS_TOKEN is set, and only with
 *   `Authorization: Bearer <token>` (401 otherwise); without a token the route answers as an
 *   unknown address does (404).
 * - METRICS_PORT: a small listener of its own, bound to METRICS_HOST (127.0.0.1 by default),
 *   without a token: for a Prometheus on the same host or network that the public cannot reach.
 *   It opens when the app is ready and closes with it.
 */
export const metricsPlugin = fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_class: statusClass(reply.statusCode) };
      httpRequestsTotal.inc(labels);
      httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const token = app.config.ops.metricsToken;
      if (!token) return reply.callNotFound();
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new UnauthorizedError(METRICS_TOKEN_MESSAGE);
      }
      const body = await renderMetrics(app.database);
      return reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store').send(body);
    });

    const port = app.config.ops.metricsPort;
    if (port !== null) {
      const server = createMetricsServer(app.database, (error) => app.log.error({ err: error }, 'metrics scrape failed'));
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ port, host: app.config.ops.metricsHost }, () => {
            server.off('error', reject);
            resolve();
          });
        });
        app.log.info({ port, host: app.config.ops.metricsHost }, 'metrics listener ready');
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      });
    }
  },
  { name: 'metrics', dependencies: ['app-context'] },
);
