import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { tracingHooks } from '../lib/tracing-state';

/**
 * Logs (issue 29, decision 066): request ids, the access log, redaction.
 *
 * - Every request has an id: the proxy's `X-Request-Id` when TRUST_PROXY is on and the value is a sane
 *   token, else a random UUID. The answer carries it back in `X-Request-Id`, a 5xx body carries it as
 *   `reference`, and every log line written while handling the request carries it as `reqId`:
 *   `request.log` by Fastify's child logger, and `app.log` from inside a handler (services log through
 *   the app) by the mixin below, which reads the request from an AsyncLocalStorage.
 * - One access line per request, after the answer, as LOG_REQUESTS says (errors, slow, all), with the
 *   route pattern and the address without secrets in its query.
 * - pino's `redact` paths replace headers and fields that carry secrets.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may hand us as a request id: a short token, nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the proxy's id when it is trusted and sane, else a fresh UUID. */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    if (trustProxy) {
      const incoming = request.headers[REQUEST_ID_HEADER];
      if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
    }
    return randomUUID();
  };
}

/** The request whose handler is running, for log lines written through `app.log`. */
const currentRequest = new AsyncLocalStorage<{ id: string; log: FastifyBaseLogger }>();

const CENSOR = '[Redacted]';

/** Field names that hold a secret. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'refreshToken',
  'accessToken',
  'secret',
  'secretKey',
  'clientSecret',
  // Payout accounts (wallet payouts, seller and agent applications' `payout`, Paystack recipients).
  'accountNumber',
  'account_number',
];

/**
 * Where those fields are looked for: at the top of a logged object and inside the objects a log call
 * usually carries (a request body, a provider's payload, a payout). Listed, not wildcards: with
 * @pinojs/redact a `*.password` path made every line cost 20 µs instead of 0.4 (decision 066).
 */
const SECRET_PARENTS = [
  '',
  'body',
  'req.body',
  'request.body',
  'query',
  'data',
  'payload',
  'input',
  'options',
  'config',
  'details',
  'account',
  'recipient',
  'payout',
  'body.payout',
  'req.body.payout',
  'request.body.payout',
  'data.payout',
];

const SECRET_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["x-paystack-signature"]'];

function headerPath(parent: string, header: string): string {
  return header.startsWith('[') ? `${parent}${header}` : `${parent}.${header}`;
}

/** pino's redact paths: headers of requests and answers, and the secret fields above. */
export const REDACT_PATHS: string[] = [
  ...['req.headers', 'res.headers', 'headers', 'request.headers', 'config.headers', 'options.headers'].flatMap((parent) =>
    SECRET_HEADERS.map((header) => headerPath(parent, header)),
  ),
  ...SECRET_PARENTS.flatMap((parent) => SECRET_FIELDS.map((field) => (parent ? `${parent}.${field}` : field))),
];

/**
 * Runs `work` as no request's: background work started from a handler (a job runner woken by it)
 * would otherwise write the request's id on all its lines.
 */
export function outsideRequest<T>(work: () => T): T {
  return currentRequest.exit(work);
}

/** The request id (when inside a handler) and the active span's ids (when tracing is on). */
function logMixin(_object: object, _level: number, logger: unknown): object {
  const request = currentRequest.getStore();
  const trace = tracingHooks()?.logFields();
  // `request.log` carries its reqId already (a child logger's binding); app.log does not.
  const reqId = request && request.log !== logger ? { reqId: request.id } : undefined;
  if (!reqId && !trace) return {};
  return { ...reqId, ...trace };
}

/** Where log lines go instead of stdout (tests capture them): pino writes each line with `write`. */
export interface LogLineSink {
  write(line: string): void;
}

/** Fastify's `logger` options: level, redaction, the mixin; `stream` when a test captures the lines. */
export function loggerOptions(config: Config, stream?: LogLineSink): Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    mixin: logMixin,
    ...(stream ? { stream } : {}),
  };
}

/** Query parameters whose value is a secret (a link's token, an OAuth code or state). */
const SECRET_QUERY_NAME = /token|code|state|secret|password|signature|key/i;

/** The address as the access log writes it: no query under /api/auth/, secret parameters redacted elsewhere. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  if (path.startsWith('/api/auth/')) return path;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of new Set(query.keys())) if (SECRET_QUERY_NAME.test(name)) query.set(name, 'REDACTED');
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function accessLevel(statusCode: number, milliseconds: number, config: Config): 'error' | 'warn' | 'info' | null {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'info';
  const slow = milliseconds >= config.ops.slowRequestMs;
  if (slow && config.ops.logRequests !== 'errors') return 'warn';
  return config.ops.logRequests === 'all' ? 'info' : null;
}

function logAccess(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  const milliseconds = reply.elapsedTime;
  const level = accessLevel(reply.statusCode, milliseconds, config);
  if (!level) return;
  request.log[level](
    {
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: loggableUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(milliseconds * 10) / 10,
    },
    'request',
  );
}

/** The request id on every answer, the request in the handler's async context, and the access log. */
export const accessLogPlugin = fp(
  async (app) => {
    const config = app.config;
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    // The handler (and every later hook) runs inside `done`, so whatever it awaits keeps the request.
    app.addHook('preHandler', (request, _reply, done) => {
      currentRequest.run({ id: request.id, log: request.log }, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      logAccess(config, request, reply);
      done();
    });
  },
  { name: 'access-log', dependencies: ['app-context'] },
);
