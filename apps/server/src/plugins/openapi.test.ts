import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { ROUTE_TABLE } from '../testing/authorization/route-table';
import { API_DOCS_PREFIX, OPENAPI_PATH } from './openapi';
import { OPERATION_SUMMARIES } from './openapi-summaries';
import type { LoggedRoute } from '../testing/route-log';

/** Every route the app registers, seen through an onRoute hook on the root instance. */
const registered = vi.hoisted(() => [] as LoggedRoute[]);

vi.mock('fastify', async (importOriginal) => (await import('../testing/route-log')).fastifyWithRouteLog(importOriginal, registered));

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; maxLength?: number };
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** `/api/orders/:orderId` -> `/api/orders/{orderId}`, as the document writes paths. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let testApp: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  testApp = await createTestApp();
  const response = await testApp.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});

afterAll(async () => {
  await testApp?.close();
});

function operation(method: string, url: string): Operation | undefined {
  return document.paths[documentPath(url)]?.[method.toLowerCase()];
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has schemas that a JSON Schema 2020-12 validator compiles', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, body] of Object.entries(op.responses)) {
          for (const [type, media] of Object.entries(body.content ?? {})) {
            const schema = JSON.parse(JSON.stringify(media.schema ?? {}).replaceAll('"#/components/', '"openapi.json#/components/')) as object;
            try {
              ajv.compile(schema);
            } catch (error) {
              failures.push(`${method} ${path} ${status} ${type}: ${(error as Error).message}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('covers every API route the app registers, and nothing else', () => {
    const apiRoutes = registered.filter(
      (route) => route.url.startsWith('/api/') && !route.hidden && route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.url.startsWith(API_DOCS_PREFIX),
    );
    expect(apiRoutes.length).toBeGreaterThan(100);
    const missing = apiRoutes.filter((route) => !operation(route.method, route.url)).map((route) => `${route.method} ${route.url}`);
    expect(missing, 'routes missing from the document').toEqual([]);

    const known = new Set(apiRoutes.map((route) => `${route.method.toLowerCase()} ${documentPath(route.url)}`));
    const extra = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`)).filter((key) => !known.has(key));
    expect(extra, 'operations of routes that do not exist').toEqual([]);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('documents every status the authorization table sees each route give', () => {
    const missing = ROUTE_TABLE.filter((row) => row.path.startsWith('/api/') && !row.path.startsWith(API_DOCS_PREFIX)).flatMap((row) =>
      [...new Set(Object.values(row.expect))].filter((status) => !operation(row.method, row.path)?.responses[String(status)]).map((status) => `${row.method} ${row.path} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('gives every operation an id, a success response and the error shape on every error', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const name = `${method} ${path}`;
        if (!op.operationId || ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId}`);
        ids.add(op.operationId ?? '');
        const statuses = Object.keys(op.responses).map(Number);
        if (!statuses.some((status) => status < 400) && !path.startsWith('/api/mcp')) problems.push(`${name}: no success response`);
        for (const status of statuses.filter((code) => code >= 400)) {
          const schema = op.responses[status]?.content?.['application/json']?.schema as { $ref?: string; anyOf?: Array<{ $ref?: string }> } | undefined;
          const shapes = [schema, ...(schema?.anyOf ?? [])].map((candidate) => candidate?.$ref);
          // MCP's own refusal (406) is JSON-RPC's error object, as MCP clients expect; the readiness
          // probe's 503 is its 200's body with the failed checks (decision 065).
          const errorShape =
            shapes.includes('#/components/schemas/ApiErrorResponse') || (path === '/api/mcp' && status === 406) || (path === '/api/health/ready' && status === 503);
          if (!errorShape) problems.push(`${name}: ${status} is not the error shape`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the bearer and cookie schemes on signed-in routes, and 429 with Retry-After on limited ones', () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'pulse_session' },
    });
    expect(operation('GET', '/api/orders')?.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(operation('GET', '/api/orders')?.responses['401']).toBeDefined();
    expect(operation('GET', '/api/products')?.security).toEqual([]);
    expect(operation('GET', '/api/products')?.responses['401']).toBeUndefined();
    const login = operation('POST', '/api/auth/login')?.responses['429'] as { headers?: Record<string, unknown> } | undefined;
    expect(login?.headers?.['Retry-After']).toBeDefined();
    expect(operation('POST', '/api/mcp')?.responses['429']).toBeDefined();
  });

  it('gives every operation a summary from the table, and the table no line for a route that is gone', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));
    expect(operations.filter(({ op }) => !op.summary?.trim()).map(({ name }) => name)).toEqual([]);
    const known = new Set(operations.map(({ name }) => name));
    expect(Object.keys(OPERATION_SUMMARIES).filter((key) => !known.has(documentPath(key)))).toEqual([]);
  });

  it('names its server and says outright which operations are public (security: [])', () => {
    expect(document.servers?.map((server) => server.url)).toEqual(['/']);
    const unsaid = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).filter(([, op]) => op.security === undefined).map(([method]) => `${method} ${path}`));
    expect(unsaid).toEqual([]);
    expect(operation('POST', '/api/referrals/visits')?.security).toEqual([]);
    expect(operation('GET', '/api/health')?.security).toEqual([]);
  });

  it('documents the rate-limit headers on the answers of every limited operation, as the server sends them', async () => {
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.responses['429']) continue;
        for (const [status, answer] of Object.entries(op.responses).filter(([code]) => code.startsWith('2') || code === '429')) {
          const wanted = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', ...(status === '429' ? ['Retry-After'] : [])];
          const missing = wanted.filter((header) => !answer.headers?.[header]);
          if (missing.length > 0) problems.push(`${method} ${path} ${status}: ${missing.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(Object.values(document.paths).flatMap((methods) => Object.values(methods)).filter((op) => op.responses['429']).length).toBeGreaterThanOrEqual(9);
    // What the document promises is what a limited route answers.
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/referrals/visits', payload: { code: 'NOPE-1', visitorId: '0193a1b2-0000-7000-8000-000000000001' }, remoteAddress: '10.77.0.1' });
    expect(answer.statusCode).toBe(202);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(answer.headers[header], header).toBeDefined();
  });

  it('declares Idempotency-Key as a required header where the server requires it', () => {
    for (const [method, url] of [
      ['POST', '/api/wallet/top-ups'],
      ['POST', '/api/wallet/payouts'],
      ['POST', '/api/checkout'],
      ['POST', '/api/hub/posts/:id/tips'],
    ] as const) {
      const header = operation(method, url)?.parameters?.find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
      expect(header, `${method} ${url}`).toMatchObject({ required: true, schema: { type: 'string', maxLength: 200 } });
    }
    const optional = operation('POST', '/api/conversations/:id/messages')?.parameters?.find((parameter) => parameter.name === 'Idempotency-Key');
    expect(optional?.required ?? false).toBe(false);
  });

  it('bounds every string and array a client sends (the zod contract enforces the same)', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${where}/${index}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      const types = [schema.type].flat();
      if (types.includes('string') && schema.maxLength === undefined && schema.enum === undefined && schema.const === undefined) unbounded.push(where);
      if (types.includes('array') && schema.maxItems === undefined) unbounded.push(where);
      for (const [key, value] of Object.entries(schema)) walk(value, `${where}/${key}`);
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        walk(op.parameters, `${method} ${path} parameters`);
        walk(op.requestBody, `${method} ${path} body`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('documents the upload as multipart and the assistant answer as NDJSON', () => {
    const upload = operation('POST', '/api/uploads/images') as unknown as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(operation('POST', '/api/assistant/messages')?.responses['200']?.content ?? {})).toEqual(['application/x-ndjson']);
  });
});

describe('the reference page', () => {
  it(`answers ${API_DOCS_PREFIX} with HTML whose scripts the app's Content-Security-Policy allows`, async () => {
    const page = await testApp.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    // Inline scripts would be refused by that policy: every script is a file of the same origin.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await testApp.app.inject({ method: 'GET', url: new URL(src, `http://localhost${API_DOCS_PREFIX}/`).pathname });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
    const spec = await testApp.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
    expect(spec.json()).toMatchObject({ openapi: '3.1.0' });
  });
});
