/**
 * Traces with OpenTelemetry (issue 29, decision 066). Imported by main.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and before anything that imports fastify, pg, ioredis or
 * socket.io: the instrumentations patch those modules as they load. With the variable unset this
 * file, and the SDK, are never loaded.
 *
 * The server runs as ES modules under tsx, so the import-in-the-middle loader hook must be in place
 * before the app's modules are imported (main.ts imports them dynamically, after this). Modules that
 * are CommonJS underneath (fastify's own `require('node:http')`) are patched by require-in-the-middle.
 *
 * Everything else is the SDK's standard environment: OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf by default, or
 * http/json, grpc), OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER(_ARG), OTEL_BSP_SCHEDULE_DELAY,
 * OTEL_SERVICE_NAME (else APP_NAME, else pulse-market), OTEL_RESOURCE_ATTRIBUTES.
 */
import { register } from 'node:module';
import type { Span } from '@opentelemetry/api';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
  // Only the modules an instrumentation patches go through the wrapper (the rest load as they are).
  data: { include: ['pg', 'ioredis', 'socket.io', 'fastify', 'node:http', 'node:https', 'http', 'https'] },
});

const { context, trace, isSpanContextValid, SpanKind, SpanStatusCode } = await import('@opentelemetry/api');
const { NodeSDK } = await import('@opentelemetry/sdk-node');
const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
const { IORedisInstrumentation } = await import('@opentelemetry/instrumentation-ioredis');
// Its own @opentelemetry/instrumentation needs @opentelemetry/api >= 1.10 (the root package.json's
// override makes the install's one copy that); should it fail to load anyway, the server traces
// without Socket.IO spans rather than not starting.
const socketIo = await import('@opentelemetry/instrumentation-socket.io').catch((error: unknown) => {
  console.warn(`Tracing without Socket.IO spans: its instrumentation did not load (${error instanceof Error ? error.message : String(error)})`);
  return null;
});
const { FastifyOtelInstrumentation } = await import('@fastify/otel');
const { setTracingHooks } = await import('./lib/tracing-state');

/** Addresses polled every few seconds by machines: no trace for them. */
function isProbe(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/api/health') || url.startsWith('/metrics'));
}

const fastifyInstrumentation = new FastifyOtelInstrumentation();

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? process.env.APP_NAME ?? 'pulse-market',
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => isProbe(request.url) }),
    // requireParentSpan: a query outside any request or job (a timer's sweep) makes no lonely trace.
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
    ...(socketIo ? [new socketIo.SocketIoInstrumentation()] : []),
    fastifyInstrumentation,
  ],
  // Traces only: metrics are Prometheus' (GET /metrics), logs are pino's lines on stdout.
  metricReaders: [],
  logRecordProcessors: [],
});
sdk.start();

const tracer = trace.getTracer('pulse-market');

/** Ends `span` when `work` settles, recording a failure; `work` runs with the span active. */
async function within<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await context.with(trace.setSpan(context.active(), span), work);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/** `select`, `insert`... of a statement, for the span's name (the statement itself is an attribute). */
function operationOf(statement: string): string {
  return /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'QUERY';
}

setTracingHooks({
  logFields() {
    const context = trace.getActiveSpan()?.spanContext();
    return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : undefined;
  },
  fastifyPlugin: fastifyInstrumentation.plugin(),
  inDatabaseSpan(operation, statement, work) {
    if (!trace.getActiveSpan()) return work();
    const name = statement ? `pglite.${operationOf(statement)}` : `pglite.${operation}`;
    const span = tracer.startSpan(name, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.system': 'postgresql', 'db.operation.name': operation, ...(statement ? { 'db.query.text': statement } : {}) },
    });
    return within(span, work);
  },
  shutdown: () => sdk.shutdown(),
});
