import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAssistantStreamEvent } from '@pulse/contract/assistant';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';
import { ZApiErrorResponse } from '@pulse/contract/errors';
import { UPLOAD_IMAGE_MAX_BYTES } from '@pulse/contract/messages';
import { OPERATION_SUMMARIES } from './openapi-summaries';

/** The OpenAPI 3.1 document of the whole API (decision 025). */
export const OPENAPI_PATH = '/api/openapi.json';
/** The reference page for people (Swagger UI), loaded only by whoever opens it. */
export const API_DOCS_PREFIX = '/api/docs';

const ERROR_COMPONENT_ID = 'ApiErrorResponse';
const BEARER = 'bearerAuth';
const COOKIE = 'cookieAuth';

/**
 * Statuses a route gives that its hooks and schemas do not show: errors its service raises (a
 * conflict, "not yours" on a route without an id in its path) and success codes it answers on a
 * replay. Keyed by `METHOD path`; the contract fuzzing suite fails on any status missing here.
 */
const EXTRA_STATUSES: Record<string, number[]> = {
  // Single sign-on answers 404 while it is not configured.
  'GET /api/auth/oidc/start': [404],
  'GET /api/auth/oidc/callback': [404],
  'POST /api/auth/register': [409],
  // The address is already confirmed.
  'POST /api/auth/email-verification': [409],
  // A change link whose new address another account took meanwhile.
  'POST /api/auth/email-verification/confirm': [409],
  'PUT /api/account/email': [409],
  // Wrong password 401; a suspended account 403.
  'POST /api/auth/login': [401, 403],
  'POST /api/sellers/application': [409],
  'GET /api/sellers/application/mine': [404],
  'POST /api/agents/applications': [409],
  'GET /api/agents/me/application': [404],
  'POST /api/addresses': [409],
  'POST /api/baskets/items': [404, 409],
  'PATCH /api/baskets/items/:itemId': [409],
  'POST /api/conversations': [404],
  'POST /api/products': [403, 409],
  'PATCH /api/products/:productId': [409],
  'PATCH /api/seller/products': [404, 409],
  // Catalogue import: a file other than the previewed one.
  'POST /api/seller/catalogue/imports': [409],
  'DELETE /api/push/subscriptions': [404],
  'GET /api/admin/overview': [403],
  'POST /api/admin/applications/:id/approve': [409],
  'POST /api/admin/applications/:id/reject': [409],
  'POST /api/admin/users/:id/suspend': [409],
  'POST /api/admin/users/:id/unsuspend': [409],
  'POST /api/admin/reports/:id/decision': [409],
  'POST /api/admin/referrals/attributions/:id/void': [409],
  'POST /api/checkout/quote': [404, 409],
  'POST /api/checkout': [404, 409],
  'POST /api/orders/:orderId/actions': [403, 409],
  'POST /api/orders/:orderId/final-weights': [403, 409],
  'POST /api/orders/:orderId/review': [403, 409],
  'POST /api/reviews/:reviewId/reply': [403, 409],
  'POST /api/delivery/tasks/:id/claim': [409],
  'POST /api/delivery/tasks/:id/release': [409],
  'POST /api/delivery/tasks/:id/pickup': [409],
  'POST /api/delivery/tasks/:id/deliver': [409],
  'POST /api/delivery/tasks/:id/fail': [409],
  'POST /api/delivery/tasks/:id/reopen': [409],
  'POST /api/delivery/tasks/:id/return': [409],
  'POST /api/wallet/top-ups': [409],
  // The top-up is not waiting for a code (decided, or a payment that asked for none).
  'POST /api/wallet/top-ups/:id/otp': [409],
  'POST /api/checkout/:checkoutId/payment/otp': [409],
  // No session: a missing or wrong x-paystack-signature is the 401.
  'POST /api/payments/paystack/webhook': [401],
  'POST /api/wallet/payouts': [409],
  'PATCH /api/hub/posts/:id': [409],
  'POST /api/hub/posts/:id/tips': [409],
  'POST /api/hub/reports': [404, 409],
  // A code of that name already in this scope; an ended code changed again (decision 062).
  'POST /api/seller/discount-codes': [409],
  'PATCH /api/seller/discount-codes/:codeId': [409],
  'POST /api/admin/discount-codes': [409],
  'PATCH /api/admin/discount-codes/:codeId': [409],
  // Weekly baskets (decision 064): another buyer's address or an unknown farm 404; a closed or full
  // slot, a second running basket with the farm, a cycle already ordered or a basket cancelled 409.
  'POST /api/standing-orders/preview': [404, 409],
  'POST /api/standing-orders': [404, 409],
  'PATCH /api/standing-orders/:id': [409],
  'POST /api/standing-orders/:id/skip': [409],
  'POST /api/standing-orders/:id/pause': [409],
  'POST /api/standing-orders/:id/resume': [409],
  // The cycle is not held for its price, already ordered, or past its cut-off (decision 064).
  'POST /api/standing-orders/:id/cycles/:cycleId/confirm': [409],
};

/** Routes that answer 204 with no body on success. */
const NO_CONTENT = new Set([
  'DELETE /api/baskets',
  'DELETE /api/addresses/:addressId',
  'DELETE /api/admin/popups/:id',
  'DELETE /api/products/:productId',
  'DELETE /api/push/subscriptions',
  'DELETE /api/seller/slots/:slotId',
  'DELETE /api/hub/posts/:id',
  'DELETE /api/hub/comments/:id',
  'POST /api/delivery/tasks/:id/position',
]);

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed or a field is not valid (`validation_failed` names the fields).',
  401: 'Not signed in, or the session expired or the account is suspended.',
  403: 'Signed in, but this role or this state may not do it.',
  404: 'Not found, or not yours (the answer does not say which).',
  405: 'This method is not offered here.',
  406: 'The answer cannot be given in a type the Accept header allows.',
  409: 'The resource is not in a state that allows it (already done, sold out, taken).',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'The body is not of the type this route reads.',
  429: 'Too many requests; wait for `Retry-After` seconds.',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a retry-safe write needs: the services refuse a missing or malformed key with 400
 * (`requireIdempotencyKey`, `parseCheckoutIdempotencyKey`, `parseIdempotencyKey`), so the document
 * declares it, and a generated client sends it. Printable ASCII, 1 to 200 characters.
 */
const IDEMPOTENCY_KEY_ROUTES: Record<string, 'required' | 'optional'> = {
  'POST /api/wallet/top-ups': 'required',
  'POST /api/wallet/payouts': 'required',
  'POST /api/checkout': 'required',
  'POST /api/hub/posts/:id/tips': 'required',
  'POST /api/conversations/:id/messages': 'optional',
};
const IDEMPOTENCY_KEY_HEADER = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[\\x21-\\x7e]{1,200}$',
  description: 'A key the client makes once per intended action (a UUID will do) and sends again on a retry: the same key does the action once.',
};

/**
 * The headers @fastify/rate-limit sends on every answer of a limited route (plugins/rate-limits.ts),
 * and with a 429 also Retry-After (decision 027).
 */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { type: 'integer', minimum: 1, description: 'Requests allowed in the window.' },
  'X-RateLimit-Remaining': { type: 'integer', minimum: 0, description: 'Requests left in the window.' },
  'X-RateLimit-Reset': { type: 'integer', minimum: 0, description: 'Seconds until the window starts afresh.' },
};
const RETRY_AFTER_HEADER = { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again.' } };

/** Relative: the API is served by the same server as this document, wherever it runs. */
const SERVER = {
  url: '/',
  description: 'This deployment (local, staging or production): the server that serves this document.',
  // Public, for documentation tools (OWASP API9: say who the server is for).
  'x-internal': false,
} as { url: string; description: string };

function isRateLimited(route: RouteOptions): boolean {
  return Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
}

type Hook = unknown;
type RouteSchema = NonNullable<RouteOptions['schema']> & { hide?: boolean; response?: Record<string | number, unknown> };

/**
 * A hook that wraps another (MCP's `authenticate`, which words a foreign token's refusal its own way)
 * says so with `wraps`, and the document reads it as the hook it wraps.
 */
export type WrappingHook = { wraps: unknown };

function unwrap(hook: unknown): unknown {
  return (hook as Partial<WrappingHook>).wraps ?? hook;
}

function hooksOf(route: RouteOptions): Hook[] {
  return ([route.onRequest, route.preValidation, route.preHandler] as unknown[]).flat().filter((hook) => typeof hook === 'function').map(unwrap);
}

function methodsOf(route: RouteOptions): string[] {
  return [route.method].flat().map(String);
}

export function isDocumentedRoute(route: { url: string; schema?: unknown }): boolean {
  const hidden = (route.schema as RouteSchema | undefined)?.hide === true;
  return route.url.startsWith('/api/') && !hidden && !route.url.startsWith(API_DOCS_PREFIX);
}

/** The error statuses a route can give, read from what it declares: schemas, hooks, limits. */
function errorStatusesOf(app: FastifyInstance, route: RouteOptions, method: string): number[] {
  const schema = route.schema as RouteSchema | undefined;
  const hooks = hooksOf(route);
  const authenticated = hooks.includes(app.authenticate);
  // `config.rateLimit` makes @fastify/rate-limit (registered earlier) append its counter to the
  // route's hook of that name; that counter is no role guard.
  const limit = (route.config as { rateLimit?: { hook?: string } } | undefined)?.rateLimit;
  const limitHooks = limit ? [route[(limit.hook ?? 'onRequest') as 'onRequest']].flat() : [];
  const rateLimitHooks = new Set<unknown>(limitHooks.slice(-1));
  // A guard beside `authenticate` (admin only, approved sellers, agents) refuses with 403; the
  // plugins' own hooks (compression, rate limits) sit on onRequest.
  const guards = ([route.preValidation, route.preHandler] as unknown[]).flat().filter((hook) => typeof hook === 'function' && !rateLimitHooks.has(hook)).map(unwrap);
  const guarded = authenticated && guards.some((hook) => hook !== app.authenticate && hook !== app.identify);
  const hasParams = route.url.includes(':') || Boolean(schema?.params);
  const readsBody = BODY_METHODS.has(method);
  const statuses = new Set<number>(EXTRA_STATUSES[`${method} ${route.url}`]?.filter((status) => status >= 400) ?? []);
  if (hasParams || schema?.querystring || schema?.body || readsBody) statuses.add(400);
  if (authenticated) statuses.add(401);
  if (guarded) statuses.add(403);
  if (hasParams) statuses.add(404);
  if (hasParams) statuses.add(414);
  if (readsBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (limit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Every error status a route can give gets the error shape in its response schemas, so it is in
 * the document and the serializer holds error bodies to the contract too.
 */
function addErrorResponses(app: FastifyInstance, route: RouteOptions): void {
  if (!isDocumentedRoute(route)) return;
  const statuses = new Set(methodsOf(route).filter((method) => method !== 'HEAD').flatMap((method) => errorStatusesOf(app, route, method)));
  const schema = (route.schema ?? {}) as RouteSchema;
  const response: Record<string | number, unknown> = { ...schema.response };
  for (const status of statuses) response[status] ??= ZApiErrorResponse;
  if (methodsOf(route).some((method) => NO_CONTENT.has(`${method} ${route.url}`))) response[204] ??= z.undefined().describe('Done; no body.');
  route.schema = { ...schema, response };
}

/* ------------------------------------------------- document-only shapes */

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });

/** The MCP SDK reads the message; what bounds its strings is the body limit every route has. */
const jsonRpcMessage = (bodyLimitBytes: number) => ({
  type: 'object',
  description: 'A JSON-RPC 2.0 message of the Model Context Protocol (initialize, tools/list, tools/call, ...).',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'], maxLength: bodyLimitBytes, minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
    method: { type: 'string', maxLength: bodyLimitBytes },
    params: { type: 'object' },
  },
});

const JSON_RPC_RESPONSE = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    result: { type: 'object' },
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } },
  },
};

type Transformed = { schema: Record<string, unknown>; url: string };
type DocumentShape = (schema: Record<string, unknown>, app: FastifyInstance) => void;

/** What the zod schemas cannot say: multipart bodies, streams, files, the MCP endpoint. */
const csvDocument =
  (description: string): DocumentShape =>
  (schema) => {
    response(schema)[200] = { 'x-response-description': description, content: { 'text/csv': { schema: { type: 'string' } } } };
  };

const pdfDocument =
  (description: string): DocumentShape =>
  (schema) => {
    response(schema)[200] = { 'x-response-description': description, content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } };
  };

const DOCUMENT_SHAPES: Record<string, DocumentShape> = {
  'POST /api/uploads/images': (schema) => {
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      required: ['file'],
      properties: {
        file: {
          type: 'string',
          contentMediaType: 'application/octet-stream',
          maxLength: UPLOAD_IMAGE_MAX_BYTES,
          description: `One image (JPEG, PNG, WebP, GIF...), at most ${UPLOAD_IMAGE_MAX_BYTES} bytes.`,
        },
      },
    };
  },
  'GET /api/uploads/private/:uploadId': (schema) => {
    response(schema)[200] = {
      'x-response-description': 'The image, to its uploader and admins only.',
      content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
    };
  },
  // Documents for the books (issue 27, decision 061): CSV streamed page by page, PDFs.
  'GET /api/seller/exports/orders.csv': csvDocument("The farm's order lines of the range, one row per line item (UTF-8 with BOM)."),
  'GET /api/wallet/exports/history.csv': csvDocument("The caller's wallet history of the range (UTF-8 with BOM)."),
  'GET /api/admin/exports/orders.csv': csvDocument("Every farm's order lines of the range (UTF-8 with BOM)."),
  'GET /api/admin/exports/payouts.csv': csvDocument('Every payout requested in the range (UTF-8 with BOM).'),
  'GET /api/orders/:orderId/receipt.pdf': pdfDocument("The buyer's receipt of the order."),
  'GET /api/seller/statements/:month.pdf': pdfDocument("The farm's statement of the month, figures from the ledger."),
  // Product import and export (issue 27, decision 060).
  'GET /api/seller/catalogue/export.csv': csvDocument('CSV, UTF-8 with BOM: header, then one line per product (decision 060).'),
  'GET /api/seller/catalogue/import-template.csv': csvDocument('CSV, UTF-8 with BOM: the header and two example rows.'),
  'POST /api/assistant/messages': (schema) => {
    response(schema)[200] = {
      'x-response-description': 'NDJSON: one event per line (`user`, `delta`..., then `done` or `error`).',
      content: { 'application/x-ndjson': { schema: toJson(ZAssistantStreamEvent) } },
    };
  },
  'POST /api/mcp': (schema, app) => {
    schema.body = jsonRpcMessage(app.config.bodyLimitBytes);
    const responses = response(schema);
    responses[200] = { 'x-response-description': 'The JSON-RPC answer.', content: { 'application/json': { schema: JSON_RPC_RESPONSE } } };
    responses[202] = { type: 'null', 'x-response-description': 'A notification or response was accepted (no body).' };
    // The MCP SDK answers a message it cannot read in JSON-RPC's own error shape.
    const jsonRpcError = { ...JSON_RPC_RESPONSE, required: ['jsonrpc', 'error'] };
    responses[400] = { content: { 'application/json': { schema: { anyOf: [{ $ref: `#/components/schemas/${ERROR_COMPONENT_ID}` }, jsonRpcError] } } } };
    responses[406] = {
      'x-response-description': 'The Accept header must allow application/json and text/event-stream.',
      content: { 'application/json': { schema: jsonRpcError } },
    };
  },
  'GET /api/auth/oidc/start': (schema) => {
    response(schema)[302] = { type: 'null', 'x-response-description': "To the identity provider's sign-in page.", headers: { location: { type: 'string' } } };
  },
  'GET /api/auth/oidc/callback': (schema) => {
    response(schema)[302] = {
      type: 'null',
      'x-response-description': 'Back to /login with `#token=...` (signed in) or `#error=...` in the fragment.',
      headers: { location: { type: 'string' } },
    };
  },
  'POST /api/payments/paystack/webhook': (schema) => {
    schema.body = {
      type: 'object',
      description: "Paystack's event as Paystack sends it; the signature covers the exact bytes (the route reads them raw).",
      required: ['event', 'data'],
      properties: {
        event: { type: 'string', maxLength: 100, description: 'charge.success, transfer.success, transfer.failed, transfer.reversed...' },
        data: { type: 'object', description: "The event's transaction or transfer (reference, amount, currency, status...)." },
      },
    };
    schema.headers = {
      type: 'object',
      required: ['x-paystack-signature'],
      properties: {
        'x-paystack-signature': { type: 'string', maxLength: 128, pattern: '^[0-9a-fA-F]{128}$', description: 'HMAC-SHA512 of the raw body with the secret key, in hex.' },
      },
    };
  },
  'GET /api/mcp': (schema) => Object.assign(response(schema), { 405: errorRef(405) }),
  'DELETE /api/mcp': (schema) => Object.assign(response(schema), { 405: errorRef(405) }),
  [`GET ${OPENAPI_PATH}`]: (schema) => {
    response(schema)[200] = { type: 'object', description: 'This document (OpenAPI 3.1).' };
  },
};

function response(schema: Record<string, unknown>): Record<string, unknown> {
  schema.response ??= {};
  return schema.response as Record<string, unknown>;
}

function errorRef(status: number) {
  return { $ref: `#/components/schemas/${ERROR_COMPONENT_ID}`, 'x-response-description': STATUS_DESCRIPTIONS[status] };
}

function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `by ${word.slice(1)}` : word));
  const camel = words.join(' ').replace(/[^a-zA-Z0-9]+(.)/g, (_match, letter: string) => letter.toUpperCase());
  return `${method.toLowerCase()}${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}

function transformRoute(app: FastifyInstance, input: Parameters<typeof jsonSchemaTransform>[0]): Transformed {
  const route = (input as unknown as { route: RouteOptions }).route;
  if (!isDocumentedRoute(route)) return { schema: { hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform(input) as Transformed;
  const method = methodsOf(route).find((name) => name !== 'HEAD') ?? 'GET';
  const key = `${method} ${route.url}`;
  schema.operationId = operationIdOf(method, url);
  schema.tags = [url.split('/')[2] ?? 'api'];
  // Missing for a new route: plugins/openapi.test.ts names it.
  const summary = OPERATION_SUMMARIES[key];
  if (summary) schema.summary = summary;

  const hooks = hooksOf(route);
  if (hooks.includes(app.authenticate)) schema.security = [{ [BEARER]: [] }, { [COOKIE]: [] }];
  else if (hooks.includes(app.identify)) schema.security = [{}, { [BEARER]: [] }, { [COOKIE]: [] }];
  // Public: said outright, so a reader (and Redocly's security-defined) knows it is not an omission.
  else schema.security = [];

  const idempotencyKey = IDEMPOTENCY_KEY_ROUTES[key];
  if (idempotencyKey) {
    schema.headers = {
      type: 'object',
      properties: { 'Idempotency-Key': IDEMPOTENCY_KEY_HEADER },
      ...(idempotencyKey === 'required' ? { required: ['Idempotency-Key'] } : {}),
    };
  }

  DOCUMENT_SHAPES[key]?.(schema, app);

  const limited = isRateLimited(route);
  for (const [status, body] of Object.entries(response(schema))) {
    const code = Number(status);
    if (!body || typeof body !== 'object') continue;
    if (code < 400) {
      if (limited && code < 300) response(schema)[status] = { ...body, headers: { ...RATE_LIMIT_HEADERS } };
      continue;
    }
    const described: Record<string, unknown> = { ...body, 'x-response-description': STATUS_DESCRIPTIONS[code] ?? 'Error' };
    if (code === 429) described.headers = { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER_HEADER };
    response(schema)[status] = described;
  }
  return { schema, url };
}

/**
 * The zod registry writes an input and an output variant of each registered schema; the error
 * shape is only ever an answer, so its input variant is dropped when nothing refers to it.
 */
function withoutUnusedSchemas<T>(document: T): T {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...(document as { components: object }).components, schemas: {} } });
  for (const id of Object.keys(schemas)) {
    const others = JSON.stringify(Object.fromEntries(Object.entries(schemas).filter(([other]) => other !== id)));
    if (!text.includes(`"#/components/schemas/${id}"`) && !others.includes(`"#/components/schemas/${id}"`)) delete schemas[id];
  }
  return document;
}

/**
 * The OpenAPI 3.1 document generated from the routes' zod schemas (GET /api/openapi.json) and a
 * Swagger UI page at /api/docs. Registered before the routes: its hooks see each route as it is
 * added, and add the error responses the route can give (decision 025).
 */
export const openApiPlugin = fp(
  async (app) => {
    if (!z.globalRegistry.has(ZApiErrorResponse)) z.globalRegistry.add(ZApiErrorResponse, { id: ERROR_COMPONENT_ID });

    app.addHook('onRoute', (route) => addErrorResponses(app, route));

    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        servers: [SERVER],
        info: {
          title: 'Pulse API',
          version: '1.0.0',
          description:
            'The marketplace API. Every error answers `{ error: { code, message, fields? } }`. Sign in with POST /api/auth/login; ' +
            'send the token as `Authorization: Bearer <token>` or let the browser send the session cookie.',
        },
        components: {
          securitySchemes: {
            [BEARER]: { type: 'http', scheme: 'bearer', description: 'The token from sign-in or registration.' },
            [COOKIE]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME, description: 'The HttpOnly session cookie set at sign-in.' },
          },
        },
      },
      transform: (input) => transformRoute(app, input),
      transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
    });

    app.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));

    await app.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      // The spec validator badge would load an image from another host.
      uiConfig: { validatorUrl: null, deepLinking: true },
    });
  },
  { name: 'openapi', dependencies: ['auth'] },
);
