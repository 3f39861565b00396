import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 29, prom-client): one registry per process, served by
 * GET /metrics (plugins/metrics.ts). Every module records into the metrics below; none makes its own.
 * Labels stay few and bounded: a route pattern, never a raw URL; a kind from a fixed list, never an id.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One per answered HTTP request; `route` is Fastify's pattern (`/api/orders/:orderId`) or `unmatched`. */
export const httpRequestsTotal = new Counter({
  name: 'pulse_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'pulse_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** The database's connections: `in_use`, `idle`, `waiting` (PostgreSQL's pool; PGlite has one connection). */
export const dbPoolConnections = new Gauge({
  name: 'pulse_db_pool_connections',
  help: 'Database connections by state (in_use, idle, waiting)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

export const dbQueryDuration = new Histogram({
  name: 'pulse_db_query_duration_seconds',
  help: 'Time of one database query, by engine',
  labelNames: ['engine'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const socketConnections = new Gauge({
  name: 'pulse_socketio_connections',
  help: 'Socket.IO clients connected to this process',
  registers: [metricsRegistry],
});

/** Jobs by queue and state (`waiting`, `running`, `failed`): set by the job system when scraped. */
export const jobsByState = new Gauge({
  name: 'pulse_jobs',
  help: 'Jobs by queue and state (waiting, running, failed)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

/** One per finished attempt of a job: `completed`, `retried` (failed, will run again) or `failed` (dead). */
export const jobAttemptsTotal = new Counter({
  name: 'pulse_job_attempts_total',
  help: 'Finished job attempts by queue and outcome (completed, retried, failed)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'pulse_job_duration_seconds',
  help: 'Time of one job attempt, by queue',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

/** An order moving to a status (`to` is the order status; `from` the one it left, `new` for a placed order). */
export const orderTransitionsTotal = new Counter({
  name: 'pulse_order_transitions_total',
  help: 'Orders moving from one status to another',
  labelNames: ['from', 'to'] as const,
  registers: [metricsRegistry],
});

/** A payment with the provider decided: kind `top_up`/`checkout`/`payout`, outcome `succeeded`/`failed`/`abandoned`/`reversed`. */
export const paymentsTotal = new Counter({
  name: 'pulse_payments_total',
  help: 'Payments decided, by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** A mail handed to the SMTP server (`sent`), refused for now (`retried`) or given up on (`failed`). */
export const mailsTotal = new Counter({
  name: 'pulse_mails_total',
  help: 'Mails by outcome (sent, retried, failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** A provider's webhook call: `accepted` (signature good, stored) or `rejected` (bad signature or body). */
export const webhooksTotal = new Counter({
  name: 'pulse_webhooks_total',
  help: 'Payment provider webhook calls by provider and outcome (accepted, rejected)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** `2xx` for 204, `5xx` for 503: the class a dashboard groups by. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}
