import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Link } from '@opentelemetry/api';
import { jobAttemptsTotal, jobDuration } from '../../lib/metrics';
import type { JobContext, JobDefinition, JobQueueName } from './job-types';

/** Where a job's data carries the W3C trace context of the code that sent it. */
export const TRACE_FIELD = '_trace';

const tracer = trace.getTracer('pulse-jobs');

/**
 * The job's data with the active trace context in `_trace` (W3C `traceparent`), so the span that
 * runs the job links back to the request that queued it. Nothing is added when tracing is off
 * (no propagator registered: inject writes nothing).
 */
export function withTraceContext(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (Object.keys(carrier).length === 0) return data ?? {};
  return { ...data, [TRACE_FIELD]: carrier };
}

function linkOf(data: unknown): Link[] {
  if (!data || typeof data !== 'object' || !(TRACE_FIELD in data)) return [];
  const carrier = (data as Record<string, unknown>)[TRACE_FIELD];
  if (!carrier || typeof carrier !== 'object') return [];
  const spanContext = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, carrier));
  return spanContext ? [{ context: spanContext }] : [];
}

export type AttemptOutcome = 'completed' | 'retried' | 'failed';

/**
 * One attempt of a job, as both engines run it: a `job <queue>` span linked to the sender's trace,
 * its duration and outcome counted. Throws the handler's error (the engine decides retry or dead);
 * `outcomeOnError` says which the engine will decide, for the counter.
 */
export async function runAttempt(definition: JobDefinition, data: unknown, jobContext: JobContext, outcomeOnError: AttemptOutcome): Promise<void> {
  const queue: JobQueueName = definition.queue;
  const started = performance.now();
  await tracer.startActiveSpan(`job ${queue}`, { kind: SpanKind.CONSUMER, links: linkOf(data), attributes: { 'job.queue': queue, 'job.attempt': jobContext.attempt } }, ROOT_CONTEXT, async (span) => {
    try {
      await definition.run(data, jobContext);
      jobAttemptsTotal.inc({ queue, outcome: 'completed' });
    } catch (error) {
      jobAttemptsTotal.inc({ queue, outcome: outcomeOnError });
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      jobDuration.observe({ queue }, (performance.now() - started) / 1000);
      span.end();
    }
  });
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 2000);
}
