import type { FastifyPluginCallback } from 'fastify';

/**
 * What tracing (issue 29, src/tracing.ts) lends the rest of the server once it has started. This file
 * imports nothing of OpenTelemetry, so with tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) the SDK is
 * never loaded and the log lines pay nothing for it.
 */
export interface TracingHooks {
  /** The active span's ids for a log line (`trace_id`, `span_id`), or undefined outside any span. */
  logFields(): { trace_id: string; span_id: string } | undefined;
  /** @fastify/otel's plugin: spans for routes, hooks and handlers; registered first by buildApp. */
  fastifyPlugin: FastifyPluginCallback;
  /** Runs one embedded-database (PGlite) query in a client span: the pg driver's instrumentation does not see PGlite. */
  inDatabaseSpan<T>(operation: string, statement: string | null, work: () => Promise<T>): Promise<T>;
  /** Sends the spans still waiting in the batch, then stops the SDK (on shutdown). */
  shutdown(): Promise<void>;
}

let hooks: TracingHooks | null = null;

export function setTracingHooks(value: TracingHooks | null): void {
  hooks = value;
}

/** The started tracing's hooks, or null when tracing is off. */
export function tracingHooks(): TracingHooks | null {
  return hooks;
}
