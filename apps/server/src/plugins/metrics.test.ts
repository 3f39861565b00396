import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerTestUser } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { placePaidOrder } from '../modules/orders/testing/order-fixtures';
import { PAYSTACK_WEBHOOK_PATH } from '../modules/payments/paystack-webhook-routes';
import { requestPayout, sellerWith } from '../modules/wallet/testing/payout-fixtures';
import { listenOnFreePort, openTestSocket, waitForConnect, waitForDisconnect, type TestSocket } from './realtime-test-client';

const TOKEN = 'metrics-token-for-the-test-0123456789';

let testApp: TestApp;
let metricsPort: number;

/** A port nothing listens on now (the metrics listener takes it when the app is ready). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  metricsPort = await freePort();
  testApp = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
});

afterAll(async () => {
  await testApp?.close();
});

/**
 * The scrape, parsed. parse-prometheus-text-format folds a histogram's labelled series into one
 * label-less set of buckets, so histograms are read a second time as their three plain series
 * (`<name>_bucket`, `<name>_sum`, `<name>_count`, labels kept) after the first parse has checked the
 * whole text and the histogram types.
 */
function parseScrape(text: string): PrometheusFamily[] {
  const families = parsePrometheusTextFormat(text);
  const histograms = families.filter((candidate) => candidate.type === 'HISTOGRAM').map((candidate) => candidate.name);
  expect(histograms).toEqual(expect.arrayContaining(['pulse_http_request_duration_seconds', 'pulse_db_query_duration_seconds']));
  const series = parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped'));
  // prom-client writes each label set's buckets, sum and count together: one series' samples come in several runs.
  const merged = new Map<string, PrometheusFamily>();
  for (const candidate of series.filter((item) => item.type === 'UNTYPED' && item.metrics.length > 0)) {
    const known = merged.get(candidate.name);
    if (known) known.metrics.push(...candidate.metrics);
    else merged.set(candidate.name, { ...candidate, metrics: [...candidate.metrics] });
  }
  return [...families.filter((candidate) => candidate.type !== 'HISTOGRAM'), ...merged.values()];
}

async function scrapeText(): Promise<string> {
  const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

async function scrape(): Promise<PrometheusFamily[]> {
  return parseScrape(await scrapeText());
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} is not in the scrape`);
  return found;
}

function sample(families: PrometheusFamily[], name: string, labels: Record<string, string>): PrometheusSample | undefined {
  return family(families, name).metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
}

/** A sample's value (a histogram's count: `<name>_count`), 0 when there is none yet. */
function valueOf(families: PrometheusFamily[], name: string, labels: Record<string, string>): number {
  if (!families.some((candidate) => candidate.name === name) && families.some((candidate) => candidate.name === `${name}_count`)) name = `${name}_count`;
  return Number(sample(families, name, labels)?.value ?? 0);
}

describe('GET /metrics on the main port', () => {
  it('answers 401 without the token, with another one or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token-at-all-000000', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('pulse_http_requests_total');
    }
  });

  it('does not exist (404) when no METRICS_TOKEN is set, even for a signed-in admin-like caller', async () => {
    const other = await createTestApp();
    try {
      const user = await registerTestUser(other.app);
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, bearer(user.token)]) {
        const response = await other.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    } finally {
      await other.close();
    }
  });

  it("has Node's default metrics: event-loop lag, heap, GC, handles", async () => {
    const names = new Set(parsePrometheusTextFormat(await scrapeText()).map((candidate) => candidate.name));
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds', 'nodejs_active_handles_total', 'process_cpu_user_seconds_total']) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('counts and times requests by route pattern and status class, never by their raw address', async () => {
    const route = { method: 'GET', route: '/api/products/:productId', status_class: '4xx' };
    const before = await scrape();
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) expect((await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    const unknownPath = `/api/no-such-thing-${randomUUID()}`;
    expect((await testApp.app.inject({ method: 'GET', url: unknownPath })).statusCode).toBe(404);

    const after = await scrape();
    expect(valueOf(after, 'pulse_http_requests_total', route) - valueOf(before, 'pulse_http_requests_total', route)).toBe(2);
    expect(valueOf(after, 'pulse_http_request_duration_seconds', route) - valueOf(before, 'pulse_http_request_duration_seconds', route)).toBe(2);
    expect(valueOf(after, 'pulse_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(valueOf(after, 'pulse_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(valueOf(after, 'pulse_http_request_duration_seconds', route));
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    expect(valueOf(after, 'pulse_http_requests_total', unmatched) - valueOf(before, 'pulse_http_requests_total', unmatched)).toBe(1);

    const labelValues = after.flatMap((candidate) => candidate.metrics.flatMap((metric) => Object.values(metric.labels ?? {})));
    for (const raw of [...ids, unknownPath]) expect(labelValues.some((value) => value.includes(raw)), raw).toBe(false);
  });

  it("times the database's queries and reports its connections", async () => {
    const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    const before = await scrape();
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await scrape();
    expect(valueOf(after, 'pulse_db_query_duration_seconds', { engine })).toBeGreaterThan(valueOf(before, 'pulse_db_query_duration_seconds', { engine }));
    const states = family(after, 'pulse_db_pool_connections').metrics.map((metric) => metric.labels?.state).sort();
    expect(states).toEqual(['idle', 'in_use', 'waiting']);
    // Nothing runs during the scrape itself (PGlite's one connection is idle; the pool has one at least).
    expect(valueOf(after, 'pulse_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'pulse_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('counts orders by transition, payments and payouts and webhooks by outcome', async () => {
    const before = await scrape();
    await placePaidOrder(testApp.app);
    const buyer = await registerTestUser(testApp.app);
    const topUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: { ...bearer(buyer.token), 'idempotency-key': randomUUID() },
      payload: { amountMinor: 2500, cardNumber: '4242 4242 4242 4242' },
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const seller = await sellerWith(testApp.app, 5000);
    const payout = await requestPayout(testApp.app, seller, { amountMinor: 3000 });
    expect(payout.json()).toMatchObject({ status: 'succeeded' });
    const webhook = await testApp.app.inject({ method: 'POST', url: PAYSTACK_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: '{"event":"charge.success"}' });
    expect(webhook.statusCode).toBe(401);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('pulse_order_transitions_total', { from: 'new', to: 'pending_payment' })).toBe(1);
    expect(moved('pulse_order_transitions_total', { from: 'pending_payment', to: 'paid' })).toBe(1);
    expect(moved('pulse_payments_total', { kind: 'top_up', outcome: 'succeeded' })).toBe(1);
    expect(moved('pulse_payments_total', { kind: 'payout', outcome: 'succeeded' })).toBe(1);
    expect(moved('pulse_webhooks_total', { outcome: 'rejected' })).toBe(1);
  });
});

describe('the metrics listener (METRICS_PORT)', () => {
  it('serves the same metrics without a token, and nothing else', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parseScrape(await response.text());
    expect(families.some((candidate) => candidate.name === 'pulse_http_requests_total')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
  });
});

describe('Socket.IO connections', () => {
  it('go up on connect and down on disconnect', async () => {
    const baseUrl = await listenOnFreePort(testApp.app);
    const user = await registerTestUser(testApp.app);
    const connected = async () => valueOf(await scrape(), 'pulse_socketio_connections', {});
    const before = await connected();
    const socket: TestSocket = openTestSocket(baseUrl, { token: user.token });
    await waitForConnect(socket);
    expect(await connected()).toBe(before + 1);
    const gone = waitForDisconnect(socket);
    socket.disconnect();
    await gone;
    // The server hears the close a moment after the client: poll for it.
    const deadline = Date.now() + 5000;
    while ((await connected()) !== before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await connected()).toBe(before);
  });
});
