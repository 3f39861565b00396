// The server's own ambient declarations, since this file type-checks the server code it imports.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a global declaration file has no module to import
/// <reference path="../apps/server/src/types/dumb-passwords.d.ts" />
/**
 * Soak run (not a test): SOAK_USERS (200) virtual users send mixed traffic for SOAK_SECONDS (600)
 * to two real server processes sharing a throw-away PostgreSQL database and Redis; half-way through
 * one process is killed with SIGKILL and started again after SOAK_DOWN_SECONDS (5), as a supervisor
 * would. Each user belongs to one process and goes to the other when theirs does not answer, with
 * the rule of a load balancer such as nginx's `proxy_next_upstream`: a request that never reached a
 * server (connection refused) is always sent to the other one; one that may have reached it (reset,
 * timeout) is sent again only when repeating it is harmless (GET, PUT, DELETE, and POSTs the API makes
 * idempotent: checkout and messages by Idempotency-Key, posts by clientId, conversations get-or-create).
 *
 * Every write that was acknowledged with a 2xx (orders, messages, posts, basket lines, likes) is read
 * back through the API at the end. The run exits 1 when one is missing, when a 5xx or a connection
 * error (refused, reset) happened outside the kill window, or when a process's memory grew beyond the
 * bound below. Requests the client gave up on after 30 s are reported (and repeated on the other
 * process when harmless) but do not fail the run: on a shared machine they measure its load as much
 * as the server; the PostgreSQL wait events sampled every 10 s say what the server waited for.
 *
 * Why not autocannon: its connections replay fixed request lists against one address; a user here
 * has a session and state (basket line ids, conversations, posts seen in the feed), must be sent to
 * the other process when theirs is gone, and every acknowledged id must be kept for the read-back.
 * So each user is a loop of `fetch` (Node's built-in undici client).
 *
 * SOAK_ROLLING=1 replaces the SIGKILL by a rolling restart, as an upgrade does (decision 067): half-way
 * process 1 gets SIGTERM, the run waits for it to exit (it must exit 0), starts it again and waits
 * until it is ready, then does the same with process 2. That run fails on any 5xx at all (not only
 * outside the window), on a lost write, or on an exit code other than 0.
 *
 * Beside the client's latencies the report puts the server's own (GET /metrics, histogram
 * pulse_http_request_duration_seconds, METRICS_TOKEN set on every process): each process is
 * scraped when the load starts and just before it is stopped, killed or the run ends; the buckets
 * are added up across processes, less the seed's, and p50/p95/p99 interpolated within buckets
 * (apps/server/src/scale/prometheus-histograms.ts). A server without /metrics: "not available".
 *
 * Run: `npm run bench:soak` (PostgreSQL at DATABASE_URL or 127.0.0.1:5432, Redis at REDIS_URL or
 * 127.0.0.1:6379). Report printed and written to bench/results/soak-<date>.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TAuthResponse } from '@pulse/contract/auth';
import type { TBasketResponse } from '@pulse/contract/baskets';
import type { TConversationSummary, TListMessagesResponse, TMessage } from '@pulse/contract/messages';
import type { TCheckoutResponse, TDeliverySlot, TOrderDetails } from '@pulse/contract/orders';
import type { TLikeResponse, TPost, TPostPage } from '@pulse/contract/hub';
import type { TProductDetails, TProductListResponse } from '@pulse/contract/products';
import { PRODUCT_CATEGORIES } from '@pulse/contract/product-options';
import { createDb } from '../apps/server/src/db/client';
import { runAdminCommand } from '../apps/server/src/modules/admin/admin-commands';
import { assertRedisReachable, createThrowAwayDatabase, DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from '../apps/server/src/scale/scale-services';
import { groupHistograms, histogramQuantile, parseHistogram, type Histogram } from '../apps/server/src/scale/prometheus-histograms';
import { spawnServerProcess, type SpawnedServerProcess } from '../apps/server/src/scale/server-process';
import { cpuMillisecondsOf, root } from './bench-support';

const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const userCount = Number(process.env.SOAK_USERS ?? 200);
const sellerCount = Number(process.env.SOAK_SELLERS ?? 10);
const productsPerSeller = Number(process.env.SOAK_PRODUCTS_PER_SELLER ?? 10);
/** Mean pause between two actions of one user (uniform between half and one and a half of it). */
const thinkMs = Number(process.env.SOAK_THINK_MS ?? 2000);
const downSeconds = Number(process.env.SOAK_DOWN_SECONDS ?? 5);
/** A rolling restart (SIGTERM, wait for the exit, start again, one process after the other) instead of the SIGKILL. */
const rolling = process.env.SOAK_ROLLING === '1' || process.env.SOAK_ROLLING === 'true';
/** Lets the soak read GET /metrics on its processes (the server's own latency histogram). */
const metricsToken = `soak-${randomUUID()}`;
const SERVER_HISTOGRAM = 'pulse_http_request_duration_seconds';
/** After the restarted process answers its health check, requests still in flight from before count as the kill's. */
const killGraceSeconds = 5;
const requestTimeoutMs = 30_000;
const databaseServerUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
const password = 'meadow-tractor-91';

/**
 * Memory bound, per process: end RSS <= 2 x start RSS + 150 MB. "Start" is measured after the
 * seed, before the load: V8 then still has to grow its young and old generations, the JIT its code
 * space and the pools their 200 users' sockets, which a healthy server does once and then levels off
 * (RSS swings by ~120 MB with the GC here). The bound catches a gross leak (over ~15 kB per request
 * at the ~30,000 requests a process serves in a full run on a 2-core machine); a smaller one shows as
 * a steady slope in the RSS samples taken every 10 s, reported for the second half of the run.
 */
function memoryBoundMb(startMb: number): number {
  return 2 * startMb + 150;
}

// ------------------------------------------------------------------ measurements

interface Attempt {
  route: string;
  at: number;
  /** HTTP status, or the network error's code. */
  outcome: number | string;
}

const attempts: Attempt[] = [];
/** What the user saw, per route: latency in ms (a retry on the other process included) and the final outcome. */
const finals = new Map<string, { latencies: number[]; outcomes: Map<string, number> }>();
const killWindows: Array<{ from: number; to: number }> = [];
const runStartedAt = Date.now();

function inKillWindow(at: number): boolean {
  return killWindows.some((window) => at >= window.from && at <= window.to);
}

function recordFinal(route: string, latencyMs: number, outcome: number | string) {
  let entry = finals.get(route);
  if (!entry) {
    entry = { latencies: [], outcomes: new Map() };
    finals.set(route, entry);
  }
  if (typeof outcome === 'number' && outcome < 400) entry.latencies.push(latencyMs);
  const key = String(outcome);
  entry.outcomes.set(key, (entry.outcomes.get(key) ?? 0) + 1);
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

function rssMb(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ the load balancer

/** The two backends; a restarted process gets a new address, which the balancer learns when it is healthy. */
const backends: Array<{ server: SpawnedServerProcess; up: boolean }> = [];

/** Starts the real entry point and waits until it answers /api/health and, where it exists, /api/health/ready. */
async function startProcess(env: NodeJS.ProcessEnv): Promise<SpawnedServerProcess> {
  const server = await spawnServerProcess(env);
  try {
    await server.waitUntilHealthy(120_000);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await fetch(`${server.baseUrl}/api/health/ready`).then((response) => response.status, () => 0);
      if (status === 200 || status === 404) break;
      if (Date.now() > deadline) throw new Error(`${server.baseUrl}/api/health/ready still answers ${status}`);
      await sleep(250);
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

// ------------------------------------------------------------------ the server's own latencies (GET /metrics)

/** Scrapes taken when the load started (subtracted) and when each process stopped or the run ended (added). */
const metricsScrapes: { baseline: string[]; final: string[]; unavailable: string | null } = { baseline: [], final: [], unavailable: null };

async function scrapeMetrics(server: SpawnedServerProcess, into: 'baseline' | 'final'): Promise<void> {
  try {
    const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` }, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.status !== 200 || !text.includes(SERVER_HISTOGRAM)) {
      metricsScrapes.unavailable ??= `GET /metrics answered ${response.status}${response.status === 200 ? ` without ${SERVER_HISTOGRAM}` : ''}`;
      return;
    }
    metricsScrapes[into].push(text);
  } catch (error) {
    metricsScrapes.unavailable ??= `GET /metrics failed: ${networkCode(error).code}`;
  }
}

function quantilesMs(histogram: Histogram) {
  const ms = (q: number) => {
    const seconds = histogramQuantile(q, histogram);
    return seconds === null ? null : Math.round(seconds * 1000);
  };
  return { requests: Math.round(histogram.count), p50Ms: ms(0.5), p95Ms: ms(0.95), p99Ms: ms(0.99) };
}

/** The server's p50/p95/p99 over the load, all routes and by route pattern, or why there are none. */
function serverLatencies() {
  if (metricsScrapes.unavailable !== null || metricsScrapes.final.length === 0) {
    return { available: false as const, reason: metricsScrapes.unavailable ?? 'no scrape' };
  }
  const add = (texts: string[], sign: number, keyOf: (labels: Record<string, string>) => string, into: Map<string, Histogram>) => {
    for (const text of texts) groupHistograms(parseHistogram(text, SERVER_HISTOGRAM), keyOf, sign, into);
    return into;
  };
  // The bench's own probes (health, readiness: `unmatched` where that route is missing, the scrapes) are not the users' traffic.
  const overallKey = (labels: Record<string, string>) => (labels.route === '/metrics' || labels.route === 'unmatched' || labels.route?.startsWith('/api/health') ? 'probes' : 'all');
  const overall = add(metricsScrapes.baseline, -1, overallKey, add(metricsScrapes.final, 1, overallKey, new Map()));
  const byRoute = add(metricsScrapes.baseline, -1, (labels) => `${labels.method} ${labels.route}`, add(metricsScrapes.final, 1, (labels) => `${labels.method} ${labels.route}`, new Map()));
  const all = overall.get('all');
  return {
    available: true as const,
    scrapes: { baseline: metricsScrapes.baseline.length, final: metricsScrapes.final.length },
    overall: all ? quantilesMs(all) : null,
    routes: [...byRoute.entries()]
      .map(([route, histogram]) => ({ route, ...quantilesMs(histogram) }))
      .filter((route) => route.requests > 0)
      .sort((a, b) => b.requests - a.requests),
  };
}

class NetworkError extends Error {
  constructor(
    readonly code: string,
    /** The request never reached a server, so sending it elsewhere cannot do it twice. */
    readonly refused: boolean,
  ) {
    super(code);
  }
}

function networkCode(error: unknown): { code: string; refused: boolean } {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, name } = current as { code?: string; name?: string };
    if (name === 'TimeoutError') return { code: 'timeout', refused: false };
    if (code) return { code, refused: code === 'ECONNREFUSED' };
    current = (current as { cause?: unknown }).cause;
  }
  return { code: 'network', refused: false };
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** How the report names it (the path with its ids as placeholders). */
  route: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Repeating it cannot do it twice (see the file comment). */
  idempotent: boolean;
}

interface Answer<T> {
  status: number;
  body: T;
  /** An earlier attempt failed after it may have reached a server (so it may have been done already). */
  afterAmbiguousAttempt?: boolean;
}

async function sendOnce(baseUrl: string, call: Call): Promise<Answer<unknown>> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | undefined;
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  try {
    const response = await fetch(`${baseUrl}${call.path}`, { method: call.method, headers, body, signal: AbortSignal.timeout(requestTimeoutMs) });
    const text = await response.text();
    let parsed: unknown = text;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: response.status, body: parsed };
  } catch (error) {
    const { code, refused } = networkCode(error);
    throw new NetworkError(code, refused);
  }
}

/** Sends `call` as user `home` would through the balancer; throws NetworkError when no process could answer. */
async function send<T>(home: number, call: Call): Promise<Answer<T>> {
  const started = performance.now();
  const order = [home, 1 - home];
  let lastError: NetworkError | null = null;
  let ambiguous = false;
  for (const index of order) {
    const backend = backends[index];
    if (!backend) continue;
    try {
      const answer = await sendOnce(backend.server.baseUrl, call);
      attempts.push({ route: call.route, at: Date.now(), outcome: answer.status });
      recordFinal(call.route, performance.now() - started, answer.status);
      return { ...(answer as Answer<T>), afterAmbiguousAttempt: ambiguous };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      attempts.push({ route: call.route, at: Date.now(), outcome: error.code });
      lastError = error;
      if (!error.refused) ambiguous = true;
      if (!error.refused && !call.idempotent) break;
    }
  }
  const failure = lastError ?? new NetworkError('network', false);
  recordFinal(call.route, performance.now() - started, failure.code);
  throw failure;
}

// ------------------------------------------------------------------ the world the users act in

interface Seller {
  token: string;
  id: string;
  username: string;
  slotId: string;
}
interface Product {
  id: string;
  sellerUserId: string;
}
interface AcknowledgedWrites {
  orders: Array<{ id: string; token: string }>;
  messages: Array<{ id: string; conversationId: string; token: string }>;
  posts: Array<{ id: string; token: string }>;
}
const acknowledged: AcknowledgedWrites = { orders: [], messages: [], posts: [] };

const produce = ['tomatoes', 'okra', 'yam', 'plantain', 'pineapple', 'honey', 'cassava', 'pepper', 'onions', 'garden eggs', 'mangoes', 'groundnuts'];
const searches = ['tomato', 'tomatos', 'okra', 'yam', 'plantain', 'pinapple', 'honey', 'cassava', 'fresh pepper', 'onion', 'garden', 'mango', 'groundnut'];

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

async function expectStatus<T>(answer: Promise<Answer<T>>, statuses: number[], what: string): Promise<T> {
  const { status, body } = await answer;
  if (!statuses.includes(status)) throw new Error(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

async function register(home: number, name: string): Promise<TAuthResponse> {
  return expectStatus(
    send<TAuthResponse>(home, {
      method: 'POST',
      path: '/api/auth/register',
      route: 'POST /api/auth/register (seed)',
      body: { email: `${name}@soak.pulse.market`, username: name, password },
      idempotent: false,
    }),
    [201],
    `register ${name}`,
  );
}

async function uploadPhoto(baseUrl: string, token: string, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'crate.png');
  const response = await fetch(`${baseUrl}/api/uploads/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Sellers approved through the admin command, a pickup slot and products each; buyers signed up and funded. */
async function seed(databaseUrl: string): Promise<{ sellers: Seller[]; products: Product[]; buyers: TAuthResponse[] }> {
  const tag = Date.now().toString(36);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 160, b: 60 } } }).png().toBuffer();
  const sellerAccounts = await inParallel(
    Array.from({ length: sellerCount }, (_, index) => index),
    5,
    (index) => register(index % 2, `soakfarm${index}${tag}`),
  );
  for (const [index, account] of sellerAccounts.entries()) {
    const code = await runAdminCommand(
      ['set-seller-status', '--email', account.user.email, '--status', 'approved', '--business', `Soak Farm ${index}`],
      { openDatabase: () => createDb({ databaseUrl, dataDir: '' }), print: () => {}, printError: (line) => console.error(line) },
    );
    if (code !== 0) throw new Error(`approving ${account.user.username} failed`);
  }
  const baseUrl = backends[0]?.server.baseUrl ?? '';
  const sellers: Seller[] = [];
  const products: Product[] = [];
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  for (const account of sellerAccounts) {
    const slot = await expectStatus(
      send<TDeliverySlot>(0, {
        method: 'POST',
        path: '/api/seller/slots',
        route: 'POST /api/seller/slots (seed)',
        token: account.token,
        body: {
          method: 'pickup',
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 4 * 3_600_000).toISOString(),
          cutoffAt: new Date(startsAt.getTime() - 3_600_000).toISOString(),
          capacity: null,
        },
        idempotent: false,
      }),
      [201],
      'create slot',
    );
    sellers.push({ token: account.token, id: account.user.id, username: account.user.username, slotId: slot.id });
    const imageId = await uploadPhoto(baseUrl, account.token, png);
    for (let index = 0; index < productsPerSeller; index += 1) {
      const product = await expectStatus(
        send<TProductDetails>(0, {
          method: 'POST',
          path: '/api/products',
          route: 'POST /api/products (seed)',
          token: account.token,
          body: {
            title: `Soak ${pick(produce)} ${index}`,
            description: 'Grown for the soak run.',
            category: PRODUCT_CATEGORIES[index % PRODUCT_CATEGORIES.length],
            unit: 'kg',
            priceMinor: 100 + Math.floor(Math.random() * 800),
            stockQuantity: 1_000_000,
            organic: index % 3 === 0,
            originRegion: 'Ashanti',
            imageIds: [imageId],
          },
          idempotent: false,
        }),
        [201],
        'create product',
      );
      products.push({ id: product.id, sellerUserId: account.user.id });
    }
  }
  const buyers = await inParallel(
    Array.from({ length: userCount }, (_, index) => index),
    8,
    async (index) => {
      const buyer = await register(index % 2, `soakbuyer${index}${tag}`);
      // The sandbox payment provider (the default PAYMENT_PROVIDER) accepts every card but the declined test card.
      await expectStatus(
        send(index % 2, {
          method: 'POST',
          path: '/api/wallet/top-ups',
          route: 'POST /api/wallet/top-ups (seed)',
          token: buyer.token,
          headers: { 'idempotency-key': randomUUID() },
          body: { amountMinor: 1_000_000, cardNumber: '4242 4242 4242 4242' },
          idempotent: true,
        }),
        [201],
        'top up',
      );
      return buyer;
    },
  );
  return { sellers, products, buyers };
}

// ------------------------------------------------------------------ one virtual user

interface UserState {
  home: number;
  auth: TAuthResponse;
  /** The basket as the last acknowledged basket answer showed it: product id -> line id. */
  basket: Map<string, string>;
  /** An unacknowledged basket change may or may not have happened: nothing to assert until the next answer. */
  basketUncertain: boolean;
  conversations: Map<string, string>;
  feedPostIds: string[];
  /** Post id -> liked, as the last acknowledged like or unlike left it; undefined when a change was not acknowledged. */
  likes: Map<string, boolean | undefined>;
}

function basketFrom(answer: TBasketResponse): Map<string, string> {
  return new Map(answer.groups.flatMap((group) => group.items.map((item) => [item.productId, item.id] as const)));
}

type Action = (user: UserState, world: { sellers: Seller[]; products: Product[]; buyers: TAuthResponse[] }) => Promise<void>;

const browse: Action = async (user) => {
  const variant = Math.random();
  const query = variant < 0.4 ? '' : variant < 0.8 ? `&category=${pick(PRODUCT_CATEGORIES)}` : '&sort=price_asc';
  const first = await send<TProductListResponse>(user.home, { method: 'GET', path: `/api/products?limit=24${query}`, route: 'GET /api/products (listing)', token: user.auth.token, idempotent: true });
  if (first.status === 200 && first.body.nextCursor && Math.random() < 0.3) {
    await send(user.home, {
      method: 'GET',
      path: `/api/products?limit=24${query}&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      route: 'GET /api/products (listing, next page)',
      token: user.auth.token,
      idempotent: true,
    });
  }
};

const search: Action = async (user) => {
  await send(user.home, { method: 'GET', path: `/api/products?q=${encodeURIComponent(pick(searches))}&limit=24`, route: 'GET /api/products?q= (search)', idempotent: true });
};

const productPage: Action = async (user, world) => {
  await send(user.home, { method: 'GET', path: `/api/products/${pick(world.products).id}`, route: 'GET /api/products/:id', token: user.auth.token, idempotent: true });
};

async function changeBasket(user: UserState, call: Call, okStatuses: number[]): Promise<void> {
  try {
    const answer = await send<TBasketResponse>(user.home, call);
    if (okStatuses.includes(answer.status)) {
      user.basket = basketFrom(answer.body);
      user.basketUncertain = false;
    } else if (answer.afterAmbiguousAttempt) {
      // E.g. a removal that the killed process did before its answer was lost, repeated: 404.
      user.basketUncertain = true;
    }
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    user.basketUncertain = true;
  }
}

const basketAdd: Action = async (user, world) => {
  const product = pick(world.products);
  await changeBasket(
    user,
    { method: 'POST', path: '/api/baskets/items', route: 'POST /api/baskets/items', token: user.auth.token, body: { productId: product.id, quantity: 1 + Math.floor(Math.random() * 3) }, idempotent: false },
    [201],
  );
};

const basketRemove: Action = async (user, world) => {
  const lines = [...user.basket.values()];
  if (lines.length === 0) return basketAdd(user, world);
  await changeBasket(user, { method: 'DELETE', path: `/api/baskets/items/${pick(lines)}`, route: 'DELETE /api/baskets/items/:id', token: user.auth.token, idempotent: true }, [200]);
};

const checkout: Action = async (user, world) => {
  if (user.basket.size === 0) return basketAdd(user, world);
  const basket = await send<TBasketResponse>(user.home, { method: 'GET', path: '/api/baskets', route: 'GET /api/baskets', token: user.auth.token, idempotent: true });
  if (basket.status !== 200 || basket.body.groups.length === 0) return;
  const slots = new Map(world.sellers.map((seller) => [seller.id, seller.slotId]));
  const key = randomUUID();
  try {
    const answer = await send<TCheckoutResponse>(user.home, {
      method: 'POST',
      path: '/api/checkout',
      route: 'POST /api/checkout',
      token: user.auth.token,
      headers: { 'idempotency-key': key },
      body: { sellers: basket.body.groups.map((group) => ({ sellerUserId: group.sellerUserId, fulfilment: 'pickup', slotId: slots.get(group.sellerUserId) })) },
      idempotent: true,
    });
    if (answer.status === 200 || answer.status === 201) {
      for (const order of answer.body.orders) acknowledged.orders.push({ id: order.id, token: user.auth.token });
      user.basket = new Map();
      user.basketUncertain = false;
    }
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    user.basketUncertain = true;
  }
};

const chat: Action = async (user, world) => {
  const partner = Math.random() < 0.7 ? pick(world.sellers).id : pick(world.buyers).user.id;
  if (partner === user.auth.user.id) return;
  let conversationId = user.conversations.get(partner);
  if (!conversationId) {
    const started = await send<TConversationSummary>(user.home, {
      method: 'POST',
      path: '/api/conversations',
      route: 'POST /api/conversations',
      token: user.auth.token,
      body: { otherUserId: partner },
      // Get-or-create: asking again returns the same conversation.
      idempotent: true,
    }).catch((error: unknown) => {
      if (error instanceof NetworkError) return null;
      throw error;
    });
    if (!started || (started.status !== 200 && started.status !== 201)) return;
    conversationId = started.body.id;
    user.conversations.set(partner, conversationId);
  }
  if (Math.random() < 0.3) {
    await send(user.home, { method: 'GET', path: `/api/conversations/${conversationId}/messages?limit=30`, route: 'GET /api/conversations/:id/messages', token: user.auth.token, idempotent: true });
    return;
  }
  const sent = await send<TMessage>(user.home, {
    method: 'POST',
    path: `/api/conversations/${conversationId}/messages`,
    route: 'POST /api/conversations/:id/messages',
    token: user.auth.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { body: `Is the ${pick(produce)} still available? (${Date.now() - runStartedAt} ms in)` },
    idempotent: true,
  }).catch((error: unknown) => {
    if (error instanceof NetworkError) return null;
    throw error;
  });
  if (sent && (sent.status === 200 || sent.status === 201)) acknowledged.messages.push({ id: sent.body.id, conversationId, token: user.auth.token });
};

const feed: Action = async (user) => {
  const page = await send<TPostPage>(user.home, { method: 'GET', path: '/api/hub/feed?limit=10', route: 'GET /api/hub/feed', token: user.auth.token, idempotent: true });
  if (page.status === 200) user.feedPostIds = page.body.items.map((post) => post.id);
};

const post: Action = async (user) => {
  const answer = await send<TPost>(user.home, {
    method: 'POST',
    path: '/api/hub/posts',
    route: 'POST /api/hub/posts',
    token: user.auth.token,
    // The same clientId makes a repeated post the same post.
    body: { clientId: randomUUID(), text: `Fresh ${pick(produce)} this week at the farm gate #harvest` },
    idempotent: true,
  }).catch((error: unknown) => {
    if (error instanceof NetworkError) return null;
    throw error;
  });
  if (answer && (answer.status === 200 || answer.status === 201)) acknowledged.posts.push({ id: answer.body.id, token: user.auth.token });
};

const like: Action = async (user, world) => {
  if (user.feedPostIds.length === 0) return feed(user, world);
  const postId = pick(user.feedPostIds);
  const liked = !(user.likes.get(postId) ?? false);
  try {
    const answer = await send<TLikeResponse>(user.home, {
      method: liked ? 'PUT' : 'DELETE',
      path: `/api/hub/posts/${postId}/like`,
      route: `${liked ? 'PUT' : 'DELETE'} /api/hub/posts/:id/like`,
      token: user.auth.token,
      idempotent: true,
    });
    if (answer.status === 200) user.likes.set(postId, answer.body.liked);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    user.likes.set(postId, undefined);
  }
};

/** Weights of the mix: mostly reading, as on a market day; a checkout every ~20 actions. */
const mix: Array<[Action, number]> = [
  [browse, 18],
  [search, 12],
  [productPage, 14],
  [basketAdd, 11],
  [basketRemove, 4],
  [checkout, 5],
  [chat, 10],
  [feed, 12],
  [post, 4],
  [like, 10],
];
const mixTotal = mix.reduce((sum, [, weight]) => sum + weight, 0);

function pickAction(): Action {
  let roll = Math.random() * mixTotal;
  for (const [action, weight] of mix) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return browse;
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

async function runUser(user: UserState, world: Parameters<Action>[1], until: number): Promise<void> {
  await sleep(Math.random() * Math.min(5000, thinkMs * 5));
  while (Date.now() < until) {
    try {
      await pickAction()(user, world);
    } catch (error) {
      // Both processes gone for this request: already counted; the user carries on like a person would.
      if (!(error instanceof NetworkError)) throw error;
    }
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}

// ------------------------------------------------------------------ read-back of acknowledged writes

interface Missing {
  kind: string;
  id: string;
  detail: string;
}

async function readBack(users: UserState[]): Promise<{ checked: Record<string, number>; missing: Missing[]; skipped: Record<string, number> }> {
  const missing: Missing[] = [];
  const checked: Record<string, number> = { orders: 0, messages: 0, posts: 0, basketLines: 0, likes: 0 };
  const skipped: Record<string, number> = { basketsAfterUnacknowledgedChange: 0, likesAfterUnacknowledgedChange: 0 };
  const get = <T>(path: string, token: string, route: string) => send<T>(0, { method: 'GET', path, route: `${route} (read-back)`, token, idempotent: true });

  await inParallel(acknowledged.orders, 16, async (order) => {
    checked.orders = (checked.orders ?? 0) + 1;
    const answer = await get<TOrderDetails>(`/api/orders/${order.id}`, order.token, 'GET /api/orders/:id');
    if (answer.status !== 200 || answer.body.id !== order.id) missing.push({ kind: 'order', id: order.id, detail: `GET answered ${answer.status}` });
  });

  const byConversation = new Map<string, { token: string; ids: Set<string> }>();
  for (const message of acknowledged.messages) {
    const entry = byConversation.get(message.conversationId) ?? { token: message.token, ids: new Set<string>() };
    entry.ids.add(message.id);
    byConversation.set(message.conversationId, entry);
  }
  await inParallel([...byConversation.entries()], 16, async ([conversationId, { token, ids }]) => {
    const found = new Set<string>();
    let before: string | null = null;
    do {
      const answer: Answer<TListMessagesResponse> = await get<TListMessagesResponse>(
        `/api/conversations/${conversationId}/messages?limit=100${before ? `&before=${before}` : ''}`,
        token,
        'GET /api/conversations/:id/messages',
      );
      if (answer.status !== 200) break;
      for (const item of answer.body.items) found.add(item.id);
      before = answer.body.nextBefore;
    } while (before);
    for (const id of ids) {
      checked.messages = (checked.messages ?? 0) + 1;
      if (!found.has(id)) missing.push({ kind: 'message', id, detail: `not in conversation ${conversationId}` });
    }
  });

  await inParallel(acknowledged.posts, 16, async (written) => {
    checked.posts = (checked.posts ?? 0) + 1;
    const answer = await get<TPost>(`/api/hub/posts/${written.id}`, written.token, 'GET /api/hub/posts/:id');
    if (answer.status !== 200) missing.push({ kind: 'post', id: written.id, detail: `GET answered ${answer.status}` });
  });

  await inParallel(users, 16, async (user) => {
    if (user.basketUncertain) {
      skipped.basketsAfterUnacknowledgedChange = (skipped.basketsAfterUnacknowledgedChange ?? 0) + 1;
    } else {
      const answer = await get<TBasketResponse>('/api/baskets', user.auth.token, 'GET /api/baskets');
      const actual = answer.status === 200 ? basketFrom(answer.body) : new Map<string, string>();
      for (const [productId, lineId] of user.basket) {
        checked.basketLines = (checked.basketLines ?? 0) + 1;
        if (actual.get(productId) !== lineId) missing.push({ kind: 'basket line', id: lineId, detail: `product ${productId} of ${user.auth.user.username}` });
      }
      for (const [productId, lineId] of actual) {
        if (!user.basket.has(productId)) missing.push({ kind: 'basket line removed but back', id: lineId, detail: `product ${productId} of ${user.auth.user.username}` });
      }
    }
    for (const [postId, liked] of user.likes) {
      if (liked === undefined) {
        skipped.likesAfterUnacknowledgedChange = (skipped.likesAfterUnacknowledgedChange ?? 0) + 1;
        continue;
      }
      checked.likes = (checked.likes ?? 0) + 1;
      const answer = await get<TPost>(`/api/hub/posts/${postId}`, user.auth.token, 'GET /api/hub/posts/:id');
      if (answer.status !== 200 || answer.body.likedByMe !== liked) {
        missing.push({ kind: liked ? 'like' : 'unlike', id: postId, detail: `${user.auth.user.username}: GET answered ${answer.status}, likedByMe ${String((answer.body as TPost).likedByMe)}` });
      }
    }
  });
  return { checked, missing, skipped };
}

// ------------------------------------------------------------------ the run

const date = new Date().toISOString().slice(0, 10);
const loadSamples: Array<{ at: number; load1: number }> = [];
const rssSamples: Array<{ at: number; rssMb: Array<number | null> }> = [];
/** What the database's backends of this run wait for, summed over the 10-second samples (e.g. Lock:transactionid). */
const waitEvents = new Map<string, number>();
let databaseForSamples: Awaited<ReturnType<typeof createDb>> | null = null;
async function sampleWaitEvents(databaseName: string) {
  if (!databaseForSamples) return;
  const result = await databaseForSamples.orm.execute(
    sql`select coalesce(wait_event_type || ':' || wait_event, 'on CPU') as event, count(*)::int as n from pg_stat_activity
        where datname = ${databaseName} and state = 'active' and pid <> pg_backend_pid() group by 1`,
  );
  for (const row of (result as { rows: Array<{ event: string; n: number }> }).rows) waitEvents.set(row.event, (waitEvents.get(row.event) ?? 0) + row.n);
}
const sampleLoad = () => {
  loadSamples.push({ at: Date.now() - runStartedAt, load1: loadavg()[0] ?? 0 });
  rssSamples.push({ at: Date.now() - runStartedAt, rssMb: backends.map((backend) => (backend.up ? rssMb(backend.server.pid) : null)) });
};

await assertRedisReachable(redisUrl);
const database = await createThrowAwayDatabase(databaseServerUrl);
const dataDir = await mkdtemp(join(tmpdir(), 'pulse-soak-'));
const serverEnv = {
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: join(dataDir, 'no-web'),
  SEED_DEMO: 'false',
  // The seed signs up every user and uploads the farms' photos from one address; in life they come
  // from as many. The per-user limits (messages, posts) keep their defaults.
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
  RATE_LIMIT_UPLOADS_PER_HOUR: '1000000',
  METRICS_TOKEN: metricsToken,
};
let exitCode = 0;
try {
  console.log(
    `Soak${rolling ? ' (rolling restart)' : ''}: ${userCount} users, ${soakSeconds} s, two processes on PostgreSQL ${new URL(database.url).pathname.slice(1)} and Redis; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
  );
  const started = await Promise.all([startProcess(serverEnv), startProcess(serverEnv)]);
  for (const server of started) backends.push({ server, up: true });

  const seedStarted = Date.now();
  const world = await seed(database.url);
  console.log(`Seeded ${world.sellers.length} sellers, ${world.products.length} products, ${world.buyers.length} funded buyers in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  const seedAttempts = attempts.length;
  attempts.length = 0;
  finals.clear();

  const memoryAtStart = backends.map((backend) => ({ pid: backend.server.pid, rssMb: rssMb(backend.server.pid), cpuMs: cpuMillisecondsOf(backend.server.pid) }));
  const users: UserState[] = world.buyers.map((auth, index) => ({
    home: index % 2,
    auth,
    basket: new Map(),
    basketUncertain: false,
    conversations: new Map(),
    feedPostIds: [],
    likes: new Map(),
  }));

  await Promise.all(backends.map((backend) => scrapeMetrics(backend.server, 'baseline')));
  const loadStartedAt = Date.now();
  const until = loadStartedAt + soakSeconds * 1000;
  sampleLoad();
  databaseForSamples = await createDb({ databaseUrl: database.url, dataDir: '' });
  const databaseName = new URL(database.url).pathname.slice(1);
  const sampler = setInterval(() => {
    sampleLoad();
    void sampleWaitEvents(databaseName).catch(() => {});
  }, 10_000);
  const progress = setInterval(() => {
    const seconds = Math.round((Date.now() - loadStartedAt) / 1000);
    console.log(`  ${seconds} s: ${attempts.length} requests, load ${(loadavg()[0] ?? 0).toFixed(2)}, RSS ${backends.map((backend) => (backend.up ? `${rssMb(backend.server.pid)} MB` : 'down')).join(' / ')}`);
  }, 30_000);

  // Half-way: process 2 dies at once (no shutdown hooks), and its supervisor starts it again; or,
  // with SOAK_ROLLING, each process in turn is stopped with SIGTERM and started again.
  type ProcessStart = { pid: number; rssMb: number | null; cpuMs: number | null };
  const restartedAtStart: Array<ProcessStart | null> = [null, null];
  let killedPid = 0;
  const restarts: Array<{ process: number; pid: number; exitCode: number | null; secondsToExit: number; secondsUntilReady: number; newPid: number }> = [];
  const restartProcess = async (index: number) => {
    const victim = backends[index];
    if (!victim) return;
    // Its counts so far (a stopped process's histogram is gone with it).
    await scrapeMetrics(victim.server, 'final');
    const from = Date.now();
    killWindows.push({ from, to: Number.MAX_SAFE_INTEGER });
    const pid = victim.server.pid;
    let exitCode: number | null = null;
    if (rolling) {
      process.kill(pid, 'SIGTERM');
      exitCode = await victim.server.waitForExit(120_000);
      victim.up = false;
      console.log(`  process ${index + 1} (pid ${pid}) got SIGTERM at ${Math.round((from - loadStartedAt) / 1000)} s and exited with ${exitCode} after ${((Date.now() - from) / 1000).toFixed(1)} s`);
    } else {
      killedPid = pid;
      victim.up = false;
      await victim.server.kill();
      console.log(`  killed process ${index + 1} (pid ${pid}) with SIGKILL at ${Math.round((from - loadStartedAt) / 1000)} s`);
      await sleep(downSeconds * 1000);
    }
    const exitedAt = Date.now();
    const restarted = await startProcess(serverEnv);
    backends[index] = { server: restarted, up: true };
    const window = killWindows[killWindows.length - 1];
    if (window) window.to = Date.now() + killGraceSeconds * 1000;
    restartedAtStart[index] = { pid: restarted.pid, rssMb: rssMb(restarted.pid), cpuMs: cpuMillisecondsOf(restarted.pid) };
    restarts.push({ process: index + 1, pid, exitCode, secondsToExit: Math.round((exitedAt - from) / 100) / 10, secondsUntilReady: Math.round((Date.now() - exitedAt) / 100) / 10, newPid: restarted.pid });
    console.log(`  process ${index + 1} back as pid ${restarted.pid} after ${((Date.now() - from) / 1000).toFixed(1)} s`);
  };
  const chaos = (async () => {
    await sleep((soakSeconds * 1000) / 2);
    if (rolling) {
      await restartProcess(0);
      await restartProcess(1);
    } else {
      await restartProcess(1);
    }
  })();

  await Promise.all(users.map((user) => runUser(user, world, until)));
  await chaos;
  await Promise.all(backends.map((backend) => scrapeMetrics(backend.server, 'final')));
  clearInterval(sampler);
  clearInterval(progress);
  sampleLoad();
  const loadSeconds = (Date.now() - loadStartedAt) / 1000;
  const memoryAtEnd = backends.map((backend) => ({ pid: backend.server.pid, rssMb: rssMb(backend.server.pid), cpuMs: cpuMillisecondsOf(backend.server.pid) }));
  const trafficAttempts = [...attempts];

  console.log('Reading back every acknowledged write...');
  const readBackResult = await readBack(users);

  // ---------------------------------------------------------------- the report
  const routes = [...finals.entries()]
    .filter(([route]) => !route.endsWith('(read-back)'))
    .map(([route, entry]) => {
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      const requests = [...entry.outcomes.values()].reduce((sum, count) => sum + count, 0);
      return {
        route,
        requests,
        p50Ms: Math.round(percentile(sorted, 0.5)),
        p95Ms: Math.round(percentile(sorted, 0.95)),
        p99Ms: Math.round(percentile(sorted, 0.99)),
        maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
        outcomes: Object.fromEntries([...entry.outcomes.entries()].sort()),
      };
    })
    .sort((a, b) => b.requests - a.requests);
  const errors = {
    serverErrorsOutsideKillWindow: [] as Attempt[],
    serverErrorsInKillWindow: 0,
    networkErrorsInKillWindow: {} as Record<string, number>,
    networkErrorsOutsideKillWindow: [] as Attempt[],
    clientTimeoutsOutsideKillWindow: {} as Record<string, number>,
    clientErrorsByStatus: {} as Record<string, number>,
    clientErrorsByRoute: {} as Record<string, Record<string, number>>,
  };
  for (const attempt of trafficAttempts) {
    const inWindow = inKillWindow(attempt.at);
    if (typeof attempt.outcome === 'string') {
      if (inWindow) errors.networkErrorsInKillWindow[attempt.outcome] = (errors.networkErrorsInKillWindow[attempt.outcome] ?? 0) + 1;
      else if (attempt.outcome === 'timeout') errors.clientTimeoutsOutsideKillWindow[attempt.route] = (errors.clientTimeoutsOutsideKillWindow[attempt.route] ?? 0) + 1;
      else errors.networkErrorsOutsideKillWindow.push(attempt);
    } else if (attempt.outcome >= 500) {
      if (inWindow) errors.serverErrorsInKillWindow += 1;
      else errors.serverErrorsOutsideKillWindow.push(attempt);
    } else if (attempt.outcome >= 400) {
      const status = String(attempt.outcome);
      errors.clientErrorsByStatus[status] = (errors.clientErrorsByStatus[status] ?? 0) + 1;
      const byRoute = (errors.clientErrorsByRoute[attempt.route] ??= {});
      byRoute[status] = (byRoute[status] ?? 0) + 1;
    }
  }
  const userVisibleFailures = routes.reduce(
    (sum, route) => sum + Object.entries(route.outcomes).filter(([outcome]) => !/^[23]\d\d$/.test(outcome) && !/^4\d\d$/.test(outcome)).reduce((s, [, count]) => s + count, 0),
    0,
  );
  const memory = [0, 1].map((index) => {
    const restartedStart = restartedAtStart[index];
    const start = restartedStart ?? memoryAtStart[index];
    const end = memoryAtEnd[index];
    const startMb = start?.rssMb ?? 0;
    const endMb = end?.rssMb ?? 0;
    return {
      process: index + 1,
      note: !restartedStart
        ? 'ran the whole soak'
        : rolling
          ? `restarted after SIGTERM (rolling); start is right after the restart (pid ${memoryAtStart[index]?.pid} had ${memoryAtStart[index]?.rssMb} MB at the run's start)`
          : `restarted after the SIGKILL of pid ${killedPid}; start is right after the restart (pid ${killedPid} had ${memoryAtStart[index]?.rssMb} MB at the run's start)`,
      pid: end?.pid,
      startRssMb: startMb,
      endRssMb: endMb,
      boundMb: memoryBoundMb(startMb),
      withinBound: endMb <= memoryBoundMb(startMb),
      cpuSeconds: start?.cpuMs != null && end?.cpuMs != null ? Math.round((end.cpuMs - start.cpuMs) / 100) / 10 : null,
    };
  });
  // The survivor's RSS over the second half (after the heap has grown to its working size): a leak shows as a steady slope.
  const secondHalf = rssSamples.filter((sample) => sample.at - (loadStartedAt - runStartedAt) >= (soakSeconds * 1000) / 2 && sample.rssMb[0] != null);
  const survivorSlopeMbPerMinute = (() => {
    if (secondHalf.length < 3) return null;
    const xs = secondHalf.map((sample) => sample.at / 60_000);
    const ys = secondHalf.map((sample) => sample.rssMb[0] ?? 0);
    const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
    const meanY = ys.reduce((a, b) => a + b, 0) / ys.length;
    const covariance = xs.reduce((sum, x, index) => sum + (x - meanX) * ((ys[index] ?? 0) - meanY), 0);
    const variance = xs.reduce((sum, x) => sum + (x - meanX) ** 2, 0);
    return Math.round((covariance / variance) * 10) / 10;
  })();
  const loads = loadSamples.map((sample) => sample.load1);
  const window = killWindows[0];
  const lastWindow = killWindows[killWindows.length - 1];
  // What the clients measured over every route (read-back excluded), beside the server's own histogram.
  const clientLatencies = [...finals.entries()].filter(([route]) => !route.endsWith('(read-back)')).flatMap(([, entry]) => entry.latencies).sort((a, b) => a - b);
  const clientOverall = { requests: clientLatencies.length, p50Ms: Math.round(percentile(clientLatencies, 0.5)), p95Ms: Math.round(percentile(clientLatencies, 0.95)), p99Ms: Math.round(percentile(clientLatencies, 0.99)) };
  const server = serverLatencies();
  const badExits = restarts.filter((restart) => rolling && restart.exitCode !== 0);
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    mode: rolling ? 'rolling restart (SIGTERM, wait for exit, start, ready; process 1 then 2)' : 'SIGKILL of process 2, restarted after downSeconds',
    settings: { seconds: soakSeconds, users: userCount, sellers: sellerCount, products: sellerCount * productsPerSeller, thinkMs, downSeconds, killGraceSeconds, requestTimeoutMs },
    loadAverage1m: { start: loads[0], end: loads[loads.length - 1], min: Math.min(...loads), max: Math.max(...loads), mean: Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 100) / 100 },
    seedRequests: seedAttempts,
    loadSeconds: Math.round(loadSeconds),
    requests: trafficAttempts.length,
    requestsPerSecond: Math.round(trafficAttempts.length / loadSeconds),
    killWindow: window && lastWindow ? { fromSecond: Math.round((window.from - loadStartedAt) / 1000), toSecond: Math.round((lastWindow.to - loadStartedAt) / 1000) } : null,
    restarts,
    latency: {
      client: { ...clientOverall, note: 'as the virtual users saw it: a retry on the other process included, 2xx-3xx answers only' },
      server: server.available
        ? { ...server, note: 'pulse_http_request_duration_seconds of every process, scraped at load start (subtracted) and before each stop or at the end; interpolated within buckets' }
        : { available: false, note: `server metrics: not available (${server.reason})` },
    },
    routes,
    errors: {
      ...errors,
      serverErrorsOutsideKillWindow: errors.serverErrorsOutsideKillWindow.length,
      serverErrorsOutsideKillWindowSample: errors.serverErrorsOutsideKillWindow.slice(0, 20),
      networkErrorsOutsideKillWindow: errors.networkErrorsOutsideKillWindow.length,
      networkErrorsOutsideKillWindowSample: errors.networkErrorsOutsideKillWindow.slice(0, 20),
      userVisibleNetworkFailures: userVisibleFailures,
    },
    databaseWaitEvents: Object.fromEntries([...waitEvents.entries()].sort((a, b) => b[1] - a[1])),
    memoryBound: 'end RSS <= 2 x start RSS + 150 MB per process',
    memory,
    survivorRssSlopeSecondHalfMbPerMinute: survivorSlopeMbPerMinute,
    heap: 'not measured: the server exposes no heap figure and NODE_OPTIONS cannot turn on --trace-gc; RSS is from /proc/<pid>/status',
    rssSamples,
    acknowledgedWrites: { orders: acknowledged.orders.length, messages: acknowledged.messages.length, posts: acknowledged.posts.length },
    readBack: readBackResult,
  };

  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, `bench/results/soak-${date}${rolling ? '-rolling' : ''}${process.env.SOAK_SECONDS ? `-${soakSeconds}s` : ''}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\n${report.requests} requests in ${report.loadSeconds} s (${report.requestsPerSecond}/s); load average ${report.loadAverage1m.min}-${report.loadAverage1m.max} (mean ${report.loadAverage1m.mean})`);
  console.log(`${rolling ? 'Restart' : 'Kill'} window: ${report.killWindow?.fromSecond}-${report.killWindow?.toSecond} s`);
  for (const restart of restarts) {
    console.log(`  process ${restart.process}: pid ${restart.pid} exit ${restart.exitCode ?? 'killed'} after ${restart.secondsToExit} s, new pid ${restart.newPid} ready ${restart.secondsUntilReady} s later`);
  }
  console.log(`\nLatency, all routes: client p50/p95/p99 ${clientOverall.p50Ms}/${clientOverall.p95Ms}/${clientOverall.p99Ms} ms (${clientOverall.requests} answers)`);
  if (server.available) {
    console.log(`                     server p50/p95/p99 ${server.overall?.p50Ms}/${server.overall?.p95Ms}/${server.overall?.p99Ms} ms (${server.overall?.requests} requests, from /metrics)`);
    console.log('\n| server route | requests | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|');
    for (const route of server.routes) console.log(`| ${route.route} | ${route.requests} | ${route.p50Ms} | ${route.p95Ms} | ${route.p99Ms} |`);
  } else {
    console.log(`                     server metrics: not available (${server.reason})`);
  }
  console.log('\n| route | requests | p50 ms | p95 ms | p99 ms | outcomes |\n|---|---|---|---|---|---|');
  for (const route of routes) console.log(`| ${route.route} | ${route.requests} | ${route.p50Ms} | ${route.p95Ms} | ${route.p99Ms} | ${Object.entries(route.outcomes).map(([k, v]) => `${k}: ${v}`).join(', ')} |`);
  console.log(`\n5xx outside the kill window: ${report.errors.serverErrorsOutsideKillWindow}; 5xx in it: ${errors.serverErrorsInKillWindow}`);
  console.log(`Network errors in the kill window: ${JSON.stringify(errors.networkErrorsInKillWindow)}; outside it: ${report.errors.networkErrorsOutsideKillWindow}`);
  console.log(`Client timeouts (${requestTimeoutMs / 1000} s) outside the kill window: ${JSON.stringify(errors.clientTimeoutsOutsideKillWindow)}`);
  console.log(`Requests no process could answer (user-visible): ${userVisibleFailures}`);
  console.log(`PostgreSQL backends by wait event (active, summed over 10 s samples): ${JSON.stringify(report.databaseWaitEvents)}`);
  console.log(`4xx by status: ${JSON.stringify(errors.clientErrorsByStatus)}`);
  console.log(`Process 1 RSS slope over the second half: ${survivorSlopeMbPerMinute} MB/min`);
  for (const entry of memory) console.log(`Process ${entry.process}: RSS ${entry.startRssMb} -> ${entry.endRssMb} MB (bound ${entry.boundMb} MB${entry.withinBound ? '' : ', EXCEEDED'}), CPU ${entry.cpuSeconds} s; ${entry.note}`);
  console.log(`Acknowledged: ${JSON.stringify(report.acknowledgedWrites)}; read back: ${JSON.stringify(readBackResult.checked)}; missing: ${readBackResult.missing.length}; not assertable: ${JSON.stringify(readBackResult.skipped)}`);
  for (const lost of readBackResult.missing.slice(0, 20)) console.log(`  MISSING ${lost.kind} ${lost.id}: ${lost.detail}`);
  console.log(`Written to ${file}`);

  const failures = [
    readBackResult.missing.length > 0 ? `${readBackResult.missing.length} acknowledged writes missing` : '',
    report.errors.serverErrorsOutsideKillWindow > 0 ? `${report.errors.serverErrorsOutsideKillWindow} 5xx outside the kill window` : '',
    // A graceful restart answers every request it took: no 5xx even while a process stops.
    rolling && errors.serverErrorsInKillWindow > 0 ? `${errors.serverErrorsInKillWindow} 5xx during the rolling restart` : '',
    badExits.length > 0 ? `SIGTERM exits ${badExits.map((restart) => `${restart.pid}: ${restart.exitCode}`).join(', ')} (0 expected)` : '',
    report.errors.networkErrorsOutsideKillWindow > 0 ? `${report.errors.networkErrorsOutsideKillWindow} connection errors outside the kill window` : '',
    memory.some((entry) => !entry.withinBound) ? 'memory beyond the bound' : '',
  ].filter(Boolean);
  if (failures.length > 0) {
    console.error(`\nSOAK FAILED: ${failures.join('; ')}`);
    for (const backend of backends) if (/error/i.test(backend.server.output)) console.error(backend.server.output.slice(-4000));
    exitCode = 1;
  } else {
    console.log('\nSoak passed.');
  }
} catch (error) {
  console.error(error);
  for (const backend of backends) console.error(backend.server.output.slice(-4000));
  exitCode = 1;
} finally {
  await databaseForSamples?.close();
  await Promise.all(backends.map((backend) => backend.server.stop()));
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
