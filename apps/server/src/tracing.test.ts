import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuthResponse } from '@pulse/contract/auth';
import { TEST_PASSWORD } from './testing/auth-helpers';
import { createProduct, createSeller, createSlot, fundWallet, nextKey, putInBasket } from './modules/orders/testing/order-fixtures';
import { startServerProcess, type ServerProcess } from './scale/server-process';
import { POSTGRES_SERVER_URL, createAppOnPostgres, postgresReachable, type AppOnPostgres } from './testing/postgres-server';

/**
 * Traces (issue 29, decision 066): the real entry point with OTEL_EXPORTER_OTLP_ENDPOINT set sends
 * its spans to a local OTLP/HTTP receiver (JSON), and one checkout is one trace: the HTTP server
 * span, Fastify's spans and the pg driver's queries, the mail outbox's insert among them; the
 * request's log line carries the same trace id. On PostgreSQL (a throw-away database on the server
 * of DATABASE_URL, or the local one CI has), whose driver is the one the standard instrumentation
 * knows; without a reachable PostgreSQL server the file has nothing to run.
 */
const serverUrl = POSTGRES_SERVER_URL;
const postgres = await postgresReachable(serverUrl);

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}

interface ReceivedSpan {
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  links?: unknown[];
  attributes: OtlpAttribute[];
}

interface OtlpTraceRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: Array<Omit<ReceivedSpan, 'scope'>> }>;
  }>;
}

const SERVER_KIND = 2;

function attribute(span: ReceivedSpan, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const found = span.attributes.find((entry) => entry.key === key);
    if (found) return String(found.value.stringValue ?? found.value.intValue);
  }
  return undefined;
}

/** A local OTLP/HTTP collector: POST /v1/traces with JSON bodies; everything received is kept. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; serviceNames: Set<string>; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const serviceNames = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraceRequest;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = resourceSpans.resource?.attributes?.find((entry) => entry.key === 'service.name')?.value.stringValue;
          if (service) serviceNames.add(service);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) spans.push({ ...span, scope: scopeSpans.scope?.name ?? '', attributes: span.attributes ?? [] });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, serviceNames, server };
}

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

describe.runIf(postgres)('traces: one checkout, one trace (OTEL_EXPORTER_OTLP_ENDPOINT, PostgreSQL)', () => {
  let onPostgres: AppOnPostgres;
  let fixtures: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: ServerProcess;

  beforeAll(async () => {
    // The farm, its product and slot are written by an app of the test on the same database.
    onPostgres = await createAppOnPostgres(serverUrl);
    fixtures = onPostgres.app;
    receiver = await startReceiver();
    server = await startServerProcess({
      DATABASE_URL: onPostgres.databaseUrl,
      DATA_DIR: 'memory://',
      CURRENCY: 'USD',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'all',
      MAIL_WORKER: 'off',
      ORDER_TIMERS: 'off',
      APP_NAME: 'Pulse Trace Test',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    receiver?.server.close();
    await onPostgres?.close();
  });

  it('sends the HTTP, Fastify and database spans of POST /api/checkout as one trace, and logs its trace id', async () => {
    const suffix = nextKey('trace').replace(/[^a-z0-9]/gi, '');
    const registered = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `buyer${suffix}@example.com`, username: `buyer${suffix}`, password: TEST_PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const buyer = (await registered.json()) as TAuthResponse;

    const seller = await createSeller(fixtures);
    const productId = await createProduct(fixtures, seller.id, { priceMinor: 250 });
    const slotId = await createSlot(fixtures, seller.id, { method: 'pickup' });
    await fundWallet(fixtures, buyer.user.id, 10_000);
    await putInBasket(fixtures, buyer.user.id, productId, 2);

    const checkout = await fetch(`${server.baseUrl}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'idempotency-key': nextKey('checkout') },
      body: JSON.stringify({ sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }], payNow: true }),
    });
    expect(checkout.status).toBe(201);
    const requestId = checkout.headers.get('x-request-id');

    const serverSpan = await until('the HTTP server span of POST /api/checkout', () =>
      receiver.spans.find((span) => span.kind === SERVER_KIND && span.scope.includes('instrumentation-http') && span.name === 'POST /api/checkout'),
    );
    const traceId = serverSpan.traceId;
    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const isOutboxInsert = (span: ReceivedSpan) =>
      span.scope.includes('instrumentation-pg') && /insert into "mail_outbox"/i.test(attribute(span, 'db.query.text', 'db.statement') ?? '');
    const orphans = (spans: ReceivedSpan[]) => {
      const ids = new Set(spans.map((span) => span.spanId));
      return spans.filter((span) => span !== serverSpan && !ids.has(span.parentSpanId ?? ''));
    };
    // Spans arrive in batches as they end (Fastify's onResponse spans after the HTTP span): wait for
    // the whole trace, then look at it.
    const spans = await until('the whole trace of the checkout', () => {
      const received = inTrace();
      return received.some(isOutboxInsert) && orphans(received).length === 0 ? received : undefined;
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}; received: ${JSON.stringify(inTrace().map((span) => [span.scope, span.name, span.parentSpanId]))}`);
    });
    expect(spans.filter((span) => span.kind === SERVER_KIND)).toHaveLength(1);
    expect(spans.some((span) => span.scope === '@fastify/otel' && span.parentSpanId === serverSpan.spanId)).toBe(true);
    const queries = spans.filter((span) => span.scope.includes('instrumentation-pg') && span.name.startsWith('pg.query'));
    expect(queries.length).toBeGreaterThan(3);
    // The outbox row of the order's receipt is written in the checkout's transaction, so in its trace.
    expect(spans.filter(isOutboxInsert).length).toBeGreaterThan(0);
    // Every span of the request hangs under the server span (no orphan roots in the trace).
    expect(orphans(spans)).toEqual([]);
    expect(receiver.serviceNames).toEqual(new Set(['Pulse Trace Test']));

    // The access line of that request carries the trace id and the request id of its answer.
    const line = await until('the access log line of the checkout', () =>
      server.output
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as { msg?: string; route?: string; reqId?: string; trace_id?: string })
        .find((entry) => entry.msg === 'request' && entry.route === '/api/checkout'),
    );
    expect(line).toMatchObject({ reqId: requestId, trace_id: traceId });
  });
});

describe('traces off', () => {
  it('loads no OpenTelemetry SDK: only src/tracing.ts imports it (the jobs use the no-op API alone), and main.ts imports that only when asked', () => {
    const sourceRoot = dirname(fileURLToPath(import.meta.url));
    const importers = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /from '@opentelemetry\/(?!api')|import\('@opentelemetry\/(?!api')|'@fastify\/otel'/.test(readFileSync(join(sourceRoot, file), 'utf8')))
      .map((file) => relative(sourceRoot, join(sourceRoot, file)));
    expect(importers).toEqual(['tracing.ts']);
    const main = readFileSync(join(sourceRoot, 'main.ts'), 'utf8');
    expect(main).toMatch(/if \(tracingWanted\(\)\) await import\('\.\/tracing'\);/);
    expect(main).not.toMatch(/^import [^;]*'\.\/(?:app|tracing|db\/client)'/m);
  });
});
