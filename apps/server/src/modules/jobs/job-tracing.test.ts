import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InProcessJobSystem } from './in-process-jobs';
import { TRACE_FIELD } from './job-run';

type SpanProcessor = NonNullable<NonNullable<ConstructorParameters<typeof NodeSDK>[0]>['spanProcessors']>[number];
type EndedSpan = Parameters<SpanProcessor['onEnd']>[0];

const ended: EndedSpan[] = [];
const collect: SpanProcessor = {
  onStart() {},
  onEnd(span) {
    ended.push(span);
  },
  forceFlush: async () => {},
  shutdown: async () => {},
};
// Tracing on as in production (the SDK registers the W3C propagator and the async context), spans kept in memory.
const sdk = new NodeSDK({ spanProcessors: [collect], instrumentations: [] });

beforeAll(() => {
  sdk.start();
});
afterAll(async () => {
  await sdk.shutdown();
});

it("runs a job in a span `job <queue>` linked to the trace of the request that queued it", async () => {
  const jobs = new InProcessJobSystem({ error: () => {}, warn: () => {} });
  const seen: unknown[] = [];
  jobs.define({ queue: 'payment-events', run: async (data) => void seen.push(data) });
  await jobs.start();

  const requestTraceId = await trace.getTracer('test').startActiveSpan('POST /api/payments/paystack/webhook', async (span) => {
    await jobs.send('payment-events', { eventId: 'evt-9' });
    span.end();
    return span.spanContext().traceId;
  });
  await expect.poll(() => ended.some((span) => span.name === 'job payment-events')).toBe(true);
  await jobs.stop(1_000);

  expect(seen).toEqual([{ eventId: 'evt-9', [TRACE_FIELD]: { traceparent: expect.stringContaining(requestTraceId) } }]);
  const jobSpan = ended.find((span) => span.name === 'job payment-events');
  expect(jobSpan?.links.map((link) => link.context.traceId)).toEqual([requestTraceId]);
  // Its own trace: a job can outlive the request by minutes (retries), so it is linked, not a child.
  expect(jobSpan?.spanContext().traceId).not.toBe(requestTraceId);
});
