/**
 * Pulse Assistant evaluation bench (issue 14; not a test): a fresh PGlite database with the demo
 * data (the same seed as a first start), the app built in-process, and every question of
 * bench/assistant-eval.json asked through the real POST /api/assistant/messages (NDJSON parsed and
 * checked against the contract) as a visitor or as the demo buyer, follow-ups in their
 * conversation. The understanding (lane A's `understand` over the gazetteer, what the engine
 * calls) is asked too, for the intent and filter figures.
 *
 * Reports intent accuracy (goal >= 95%), filter accuracy (goal >= 90%), the share of answers that
 * contain an expected product, orders/wallet/links/basket answers right, and the latency of the
 * built-in engine's answers (p50/p95, goal p95 < 150 ms), then every miss with what was expected
 * and what came, and a JSON summary (also written to BENCH_ASSISTANT_JSON when set).
 *
 * Run: `npm run bench:assistant` (root) or `npm run bench:assistant -w @pulse/bench`.
 * BENCH_ASSISTANT_ONLY=p0,f01 limits the run to ids starting with those prefixes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  ASSISTANT_INTENTS,
  ZAssistantStreamEvent,
  type TAssistantBlock,
  type TAssistantContext,
  type TAssistantStreamEvent,
} from '@pulse/contract/assistant';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS, PRODUCT_UNITS, type TProductSummary } from '@pulse/contract/products';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { orders } from '../apps/server/src/db/schema/orders';
import { users } from '../apps/server/src/db/schema/users';
import { DEFAULT_SEARCH_RADIUS_KM } from '../apps/server/src/modules/assistant/assistant-tools';
import { loadGazetteer, understand, warmUpUnderstanding, type Understanding } from '../apps/server/src/modules/assistant/nlu/understand';
import { DEMO_PASSWORD } from '../apps/server/src/seed/catalogue-data';
import { DEMO_BUYER_EMAIL, seedDemoData } from '../apps/server/src/seed/demo-seed';
import { root } from './bench-support';

// ----- The evaluation set -----

const ZIntent = z.enum(ASSISTANT_INTENTS);
const ZExpectedFilters = z
  .object({
    query: z.string().nullable(),
    category: z.enum(PRODUCT_CATEGORIES).nullable(),
    organic: z.boolean().nullable(),
    /** Major units of the currency, as people say them ("under 5"). */
    minPrice: z.number().nonnegative().nullable(),
    maxPrice: z.number().nonnegative().nullable(),
    near: z.string().nullable(),
    nearMe: z.boolean(),
    harvestedWithinDays: z.number().int().positive().nullable(),
    sort: z.enum(PRODUCT_SORTS).nullable(),
    quantity: z.number().positive().nullable(),
    unit: z.enum(PRODUCT_UNITS).nullable(),
  })
  .partial()
  .strict();
type ExpectedFilters = z.infer<typeof ZExpectedFilters>;

const ZEvalItem = z
  .object({
    id: z.string().min(1),
    as: z.enum(['visitor', 'buyer']),
    text: z.string(),
    /** Repeat the text this many times (the over-long message). */
    repeat: z.number().int().positive().optional(),
    /** The previous turn of the same conversation (asked just before this one). */
    after: z.string().optional(),
    /** null: not scored (bad input: only a polite answer and no 5xx are checked). */
    intent: z.union([ZIntent, z.array(ZIntent).min(1)]).nullable(),
    filters: ZExpectedFilters.optional(),
    products: z.union([z.array(z.string()).min(1), z.literal('none')]).optional(),
    order: z.enum(['latest', 'sign_in', 'not_other', 'sign_in_or_none']).optional(),
    wallet: z.enum(['own', 'own_if_any', 'sign_in']).optional(),
    links: z.array(z.string()).optional(),
    basket: z.enum(['added', 'sign_in']).optional(),
    note: z.string().optional(),
    tags: z.array(z.string()).optional(),
  })
  .strict();
type EvalItem = z.infer<typeof ZEvalItem>;

const evalPath = join(root, 'bench/assistant-eval.json');
const evalSet = z.object({ description: z.string(), items: z.array(ZEvalItem).min(150) }).parse(JSON.parse(readFileSync(evalPath, 'utf8')));
const only = process.env.BENCH_ASSISTANT_ONLY?.split(',').filter(Boolean) ?? null;
const allItems = evalSet.items;
{
  const ids = new Set<string>();
  allItems.forEach((item, index) => {
    if (ids.has(item.id)) throw new Error(`${evalPath}: id ${item.id} twice`);
    ids.add(item.id);
    if (item.after && allItems[index - 1]?.id !== item.after) throw new Error(`${evalPath}: ${item.id} must come right after ${item.after}`);
    if (item.after && allItems[index - 1]?.as !== item.as) throw new Error(`${evalPath}: ${item.id} and ${item.after} must be asked by the same person`);
  });
}
// A follow-up needs its conversation: keep whole chains when filtering.
const items = only
  ? allItems.filter((item, index) => {
      let start = index;
      while (allItems[start]?.after) start -= 1;
      return only.some((prefix) => (allItems[start]?.id ?? '').startsWith(prefix) || item.id.startsWith(prefix));
    })
  : allItems;

// ----- Comparing -----

const STEM = /(?:oes|es|s)$/;
function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 ? word.replace(STEM, '') : word));
}

/** Damerau-Levenshtein (optimal string alignment) distance. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const previous = d[i - 1] as number[];
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

function similarWord(a: string, b: string): boolean {
  if (a === b) return true;
  const longest = Math.max(a.length, b.length);
  return longest >= 4 && editDistance(a, b) <= (longest >= 6 ? 2 : 1);
}

/**
 * The product words match when every expected word (stemmed) is in the understood query, typos of
 * up to two letters allowed either way (the catalogue's own search is typo-tolerant), with at most
 * one extra word ("fresh milk" for "milk"); or when the words run together differently
 * ("wild flower" / "wildflower").
 */
function queryMatches(expected: string, actual: string | null): boolean {
  if (!actual?.trim()) return false;
  const want = tokens(expected);
  const got = tokens(actual);
  const covered = want.every((word) => got.some((candidate) => similarWord(word, candidate)));
  if (covered && got.length <= want.length + 1) return true;
  const joinedWant = want.join('');
  const joinedGot = got.join('');
  return editDistance(joinedWant, joinedGot) <= Math.max(2, Math.floor(joinedWant.length / 5));
}

const minorPerMajor = 100;

interface FilterCheck {
  key: keyof ExpectedFilters;
  ok: boolean;
  expected: unknown;
  got: unknown;
}

function checkFilters(expected: ExpectedFilters, understanding: Understanding): FilterCheck[] {
  const filters = understanding.filters;
  const checks: FilterCheck[] = [];
  for (const key of Object.keys(expected) as Array<keyof ExpectedFilters>) {
    const want = expected[key];
    let got: unknown;
    let ok: boolean;
    switch (key) {
      case 'query':
        got = filters.query;
        ok = want === null ? !filters.query?.trim() : queryMatches(want as string, filters.query);
        break;
      case 'minPrice':
      case 'maxPrice': {
        const minor = key === 'minPrice' ? filters.minPriceMinor : filters.maxPriceMinor;
        got = minor === null ? null : minor / minorPerMajor;
        ok = want === null ? minor === null : minor === Math.round((want as number) * minorPerMajor);
        break;
      }
      case 'near':
        got = filters.near?.name ?? (filters.nearMe ? 'near me' : null);
        ok =
          want === null
            ? filters.near === null && !filters.nearMe
            : Boolean(filters.near && filters.near.name.toLowerCase().includes((want as string).toLowerCase()));
        break;
      case 'quantity':
      case 'unit':
        // "2 kg of tomatoes" lands in the filters; "add two kg of the first" in the reference.
        got = filters[key] ?? understanding.reference[key];
        ok = got === want;
        break;
      default:
        got = filters[key];
        ok = got === want;
    }
    checks.push({ key, ok, expected: want, got });
  }
  return checks;
}

function productCards(blocks: TAssistantBlock[]): TProductSummary[] {
  return blocks.flatMap((block) => (block.type === 'products' ? block.items : []));
}

/** Whether a card is inside the search radius of a "near" question (its distance is on the card). */
function withinRadius(expected: ExpectedFilters | undefined, card: TProductSummary): boolean {
  return !expected?.near || (card.distanceKm !== null && card.distanceKm <= DEFAULT_SEARCH_RADIUS_KM);
}

/**
 * Cards that break what the question asked (organic, price bounds, category, radius): shown
 * products must fit. Cards beyond the radius are fine when none is inside it (the engine's "none
 * within 50 km, the nearest are farther away", each card with its distance).
 */
function cardViolations(expected: ExpectedFilters | undefined, cards: TProductSummary[]): string[] {
  if (!expected) return [];
  const anyInside = cards.some((card) => expected.near && withinRadius(expected, card));
  const wrong: string[] = [];
  for (const card of cards) {
    const reasons: string[] = [];
    if (expected.organic === true && !card.organic) reasons.push('not organic');
    if (typeof expected.maxPrice === 'number' && card.priceMinor > expected.maxPrice * minorPerMajor) reasons.push(`price ${card.priceMinor / 100}`);
    if (typeof expected.minPrice === 'number' && card.priceMinor < expected.minPrice * minorPerMajor) reasons.push(`price ${card.priceMinor / 100}`);
    if (expected.category && card.category !== expected.category) reasons.push(card.category);
    if (anyInside && !withinRadius(expected, card)) reasons.push(`${Math.round(card.distanceKm ?? -1)} km`);
    if (reasons.length > 0) wrong.push(`${card.title} (${card.region}): ${reasons.join(', ')}`);
  }
  return wrong;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const pct = (hit: number, total: number) => (total === 0 ? '-' : `${((100 * hit) / total).toFixed(1)}% (${hit}/${total})`);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

// ----- The run -----

interface Outcome {
  item: EvalItem;
  text: string;
  status: number;
  latencyMs: number;
  understandMs: number | null;
  understanding: Understanding | null;
  understandError: string | null;
  answerIntent: string | null;
  answerText: string;
  blocks: TAssistantBlock[];
  contractErrors: string[];
  intentOk: boolean | null;
  filterChecks: FilterCheck[];
  productOk: boolean | null;
  violations: string[];
  orderOk: boolean | null;
  otherOk: boolean | null;
  otherWhy: string[];
  politeOk: boolean;
}

const startLoad = loadavg()[0] ?? 0;
const dataDir = mkdtempSync(join(tmpdir(), 'pulse-assistant-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  ORDER_TIMERS: 'off',
  PUBLIC_URL: 'http://127.0.0.1:4399',
  WEB_DIST_DIR: join(dataDir, 'no-web'),
  ...(process.env.BENCH_ASSISTANT_ENV ? (JSON.parse(process.env.BENCH_ASSISTANT_ENV) as Record<string, string>) : {}),
});
const database = await createDb(config);
const outcomes: Outcome[] = [];
const timings = { seedSeconds: 0, runStarted: 0, runSeconds: 0, loadAtQuestions: 0 };
const rateLimitWaits = { count: 0, seconds: 0 };
try {
  await migrate(database);
  const app = await buildApp({ config, db: database, logger: false });
  await app.ready();
  const seedStarted = performance.now();
  const seeded = await seedDemoData(app);
  timings.seedSeconds = (performance.now() - seedStarted) / 1000;
  if (!seeded) throw new Error('the demo seed did not run on the fresh database');
  console.log(`Demo data seeded in ${timings.seedSeconds.toFixed(1)} s: ${seeded.products} products, ${seeded.sellers} farms.`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`demo buyer sign-in answered ${login.statusCode}`);
  const buyer = login.json<{ token: string; user: { id: string } }>();
  const buyerHeaders = { authorization: `Bearer ${buyer.token}` };
  const buyerGet = async <T>(url: string): Promise<T> => {
    const response = await app.inject({ method: 'GET', url, headers: buyerHeaders });
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
    return response.json<T>();
  };
  const buyerOrders = (await buyerGet<{ items: Array<{ id: string; status: string; createdAt: string }> }>('/api/orders?role=buyer&limit=50')).items;
  const latest = [...buyerOrders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))[0];
  if (!latest) throw new Error('the demo buyer has no order');
  const buyerOrderIds = new Set(buyerOrders.map((order) => order.id));
  const [other] = await database.orm
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .where(and(ne(orders.buyerUserId, buyer.user.id), eq(users.email, 'kofi@demo.pulse.market')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!other) throw new Error('no order of another demo buyer');
  const otherOrderNumber = other.id.replace(/-/g, '').slice(-8).toUpperCase();
  console.log(`Demo buyer's latest order ${latest.id} is ${latest.status}; another buyer's order number: ${otherOrderNumber}.`);

  // Lane A's understanding over the gazetteer read after the seed (what the engine calls too).
  const gazetteer = await loadGazetteer(app.db);
  warmUpUnderstanding();
  let ipCounter = 0;
  /** One address per request: the bench measures answers, not the per-IP limit (the per-user one still applies). */
  const nextAddress = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  const ask = async (text: string, as: 'visitor' | 'buyer', context: TAssistantContext | null) => {
    for (;;) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/assistant/messages',
        headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', ...(as === 'buyer' ? buyerHeaders : {}) },
        payload: JSON.stringify({ text, context: as === 'visitor' ? context : null }),
        remoteAddress: nextAddress(),
      });
      const latencyMs = performance.now() - started;
      if (response.statusCode === 429) {
        // The per-user limit (the demo buyer asks more than it allows in a minute): wait it out, not timed.
        const seconds = Number(response.headers['retry-after'] ?? 5);
        rateLimitWaits.count += 1;
        rateLimitWaits.seconds += seconds;
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        continue;
      }
      return parseAnswer(response, latencyMs);
    }
  };
  const parseAnswer = (response: { statusCode: number; body: string }, latencyMs: number) => {
    const events: TAssistantStreamEvent[] = [];
    const contractErrors: string[] = [];
    if (response.statusCode < 300) {
      for (const line of response.body.split('\n')) {
        if (!line.trim()) continue;
        const parsed = ZAssistantStreamEvent.safeParse(JSON.parse(line));
        if (parsed.success) events.push(parsed.data);
        else contractErrors.push(`${line.slice(0, 120)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      }
    }
    return { status: response.statusCode, body: response.body, latencyMs, events, contractErrors };
  };
  const clearBuyerConversation = async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/assistant/conversation', headers: buyerHeaders });
    if (response.statusCode >= 300) throw new Error(`DELETE /api/assistant/conversation answered ${response.statusCode}`);
  };

  // Warm-up (not counted): the first answers pay for JIT, plans and caches.
  for (const text of ['tomatoes', 'honey near Akropong', 'how do I sell', 'hi', 'organic eggs under 7']) await ask(text, 'visitor', null);

  timings.runStarted = performance.now();
  timings.loadAtQuestions = loadavg()[0] ?? 0;
  const contexts = new Map<string, TAssistantContext>();
  const now = new Date();
  for (const item of items) {
    const text = (item.repeat ? item.text.repeat(item.repeat) : item.text).replaceAll('{otherOrderNumber}', otherOrderNumber);
    if (item.as === 'buyer' && !item.after) await clearBuyerConversation();
    const previous = item.after ? (contexts.get(item.after) ?? null) : null;

    let understood: Understanding | null = null;
    let understandError: string | null = null;
    let understandMs: number | null = null;
    try {
      const started = performance.now();
      understood = understand(text, previous, gazetteer, { now, currency: config.currency });
      understandMs = performance.now() - started;
    } catch (error) {
      understandError = error instanceof Error ? error.message : String(error);
    }

    const asked = await ask(text, item.as, previous);
    const done = asked.events.find((event): event is Extract<TAssistantStreamEvent, { type: 'done' }> => event.type === 'done');
    const streamError = asked.events.find((event) => event.type === 'error');
    if (done) contexts.set(item.id, done.context);
    const blocks = done?.message.blocks ?? [];
    const cards = productCards(blocks);
    const answerText = done?.message.text ?? (streamError && streamError.type === 'error' ? `[error event] ${streamError.message}` : `[HTTP ${asked.status}] ${asked.body.slice(0, 160)}`);

    const expectedIntents = item.intent === null ? null : Array.isArray(item.intent) ? item.intent : [item.intent];
    const intentOk = expectedIntents === null ? null : understood !== null && expectedIntents.includes(understood.intent);
    const filterChecks = item.filters && understood ? checkFilters(item.filters, understood) : [];
    if (item.filters && !understood) filterChecks.push({ key: 'query', ok: false, expected: item.filters, got: understandError });

    let productOk: boolean | null = null;
    // "none": nothing offered as a match (farther ones shown as such, beyond the radius, are not matches).
    if (item.products === 'none') productOk = item.filters?.near ? cards.every((card) => !withinRadius(item.filters, card)) : cards.length === 0;
    else if (item.products) productOk = cards.some((card) => (item.products as string[]).includes(card.title) && withinRadius(item.filters, card));

    const orderBlocks = blocks.flatMap((block) => (block.type === 'orders' ? block.items : []));
    const signIn = blocks.some((block) => block.type === 'sign_in');
    let orderOk: boolean | null = null;
    const otherWhy: string[] = [];
    if (item.order === 'latest') {
      const first = orderBlocks[0];
      orderOk = first?.id === latest.id && first.status === latest.status && first.links.some((link) => link.to === `/order/${latest.id}`);
      if (!orderOk) otherWhy.push(`order: expected ${latest.id.slice(-8)} ${latest.status} with /order/${latest.id.slice(0, 8)}..., got ${orderBlocks.map((order) => `${order.number} ${order.status}`).join(', ') || 'no order'}`);
    } else if (item.order === 'sign_in') {
      orderOk = signIn && orderBlocks.length === 0;
      if (!orderOk) otherWhy.push(`order: expected a sign-in request, got ${signIn ? 'sign-in and orders' : 'no sign-in'}`);
    } else if (item.order === 'not_other') {
      orderOk = orderBlocks.every((order) => buyerOrderIds.has(order.id));
      if (!orderOk) otherWhy.push('order: showed an order of someone else');
    } else if (item.order === 'sign_in_or_none') {
      orderOk = orderBlocks.length === 0;
      if (!orderOk) otherWhy.push('order: a visitor was shown orders');
    }

    const checksOther: boolean[] = [];
    if (item.wallet) {
      const walletBlock = blocks.find((block): block is Extract<TAssistantBlock, { type: 'wallet' }> => block.type === 'wallet');
      if (item.wallet === 'sign_in') {
        checksOther.push(signIn && !walletBlock);
        if (!checksOther.at(-1)) otherWhy.push('wallet: expected a sign-in request');
      } else {
        const own = await buyerGet<{ availableMinor: number }>('/api/wallet');
        const ok = walletBlock ? walletBlock.availableMinor === own.availableMinor : item.wallet === 'own_if_any';
        checksOther.push(ok);
        if (!ok) otherWhy.push(`wallet: expected available ${own.availableMinor}, got ${walletBlock ? walletBlock.availableMinor : 'no wallet block'}`);
      }
    }
    if (item.links) {
      const linked = blocks.flatMap((block) => (block.type === 'links' ? block.items.map((link) => link.to) : block.type === 'orders' ? block.items.flatMap((order) => order.links.map((link) => link.to)) : []));
      const ok = item.links.every((path) => linked.some((to) => to === path || to.startsWith(`${path}?`) || to.startsWith(`${path}#`)));
      checksOther.push(ok);
      if (!ok) otherWhy.push(`links: expected ${item.links.join(', ')}, got ${linked.join(', ') || 'none'}`);
    }
    if (item.basket) {
      const added = blocks.some((block) => block.type === 'basket_added');
      const ok = item.basket === 'added' ? added : signIn && !added;
      checksOther.push(ok);
      if (!ok) otherWhy.push(`basket: expected ${item.basket === 'added' ? 'an added line' : 'a sign-in request'}, got ${added ? 'added' : signIn ? 'sign-in' : 'neither'}: "${answerText.slice(0, 100)}"`);
    }
    const otherOk = checksOther.length === 0 ? null : checksOther.every(Boolean);
    const politeOk = asked.status < 500 && asked.contractErrors.length === 0 && Boolean(done?.message.text.trim());

    outcomes.push({
      item,
      text,
      status: asked.status,
      latencyMs: asked.latencyMs,
      understandMs,
      understanding: understood,
      understandError,
      answerIntent: done?.message.intent ?? null,
      answerText,
      blocks,
      contractErrors: asked.contractErrors,
      intentOk,
      filterChecks,
      productOk,
      violations: cardViolations(item.filters, cards),
      orderOk,
      otherOk,
      otherWhy,
      politeOk,
    });
  }
  timings.runSeconds = (performance.now() - timings.runStarted) / 1000;
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

// ----- The report -----

const scoredIntent = outcomes.filter((outcome) => outcome.intentOk !== null);
const intentHits = scoredIntent.filter((outcome) => outcome.intentOk).length;
const answerIntentHits = scoredIntent.filter((outcome) => {
  const expected = outcome.item.intent;
  const list = Array.isArray(expected) ? expected : [expected];
  return outcome.answerIntent !== null && list.includes(outcome.answerIntent as (typeof ASSISTANT_INTENTS)[number]);
}).length;
const withFilters = outcomes.filter((outcome) => outcome.filterChecks.length > 0);
const filterHits = withFilters.filter((outcome) => outcome.filterChecks.every((check) => check.ok)).length;
const perKey = new Map<string, { hit: number; total: number }>();
for (const outcome of withFilters) {
  for (const check of outcome.filterChecks) {
    const entry = perKey.get(check.key) ?? { hit: 0, total: 0 };
    entry.total += 1;
    if (check.ok) entry.hit += 1;
    perKey.set(check.key, entry);
  }
}
const withProducts = outcomes.filter((outcome) => outcome.productOk !== null);
const productListed = withProducts.filter((outcome) => outcome.item.products !== 'none');
const productNone = withProducts.filter((outcome) => outcome.item.products === 'none');
const withViolations = outcomes.filter((outcome) => outcome.violations.length > 0);
const withOrders = outcomes.filter((outcome) => outcome.orderOk !== null);
const orderHits = withOrders.filter((outcome) => outcome.orderOk).length;
const withOther = outcomes.filter((outcome) => outcome.otherOk !== null);
const otherHits = withOther.filter((outcome) => outcome.otherOk).length;
const impolite = outcomes.filter((outcome) => !outcome.politeOk);
const serverErrors = outcomes.filter((outcome) => outcome.status >= 500);
const latencies = outcomes.filter((outcome) => outcome.status < 300).map((outcome) => outcome.latencyMs);
const understandTimes = outcomes.flatMap((outcome) => (outcome.understandMs === null ? [] : [outcome.understandMs]));
const byTag = new Map<string, { intent: number; filters: number; total: number }>();
for (const outcome of outcomes) {
  for (const tag of outcome.item.tags ?? []) {
    const entry = byTag.get(tag) ?? { intent: 0, filters: 0, total: 0 };
    entry.total += 1;
    if (outcome.intentOk !== false && outcome.filterChecks.every((check) => check.ok)) entry.filters += 1;
    if (outcome.intentOk !== false) entry.intent += 1;
    byTag.set(tag, entry);
  }
}

const endLoad = loadavg()[0] ?? 0;
console.log(
  `\nPulse Assistant evaluation: ${outcomes.length} questions (${evalPath.replace(`${root}/`, '')}), PGlite with the demo data, in-process (app.inject), asked in ${timings.runSeconds.toFixed(0)} s; ` +
    `Node ${process.version}, ${cpus().length} CPUs, load average ${startLoad.toFixed(1)} at the start, ${timings.loadAtQuestions.toFixed(1)} when the questions began, ${endLoad.toFixed(1)} at the end\n`,
);
console.log('| measure | result | goal |');
console.log('|---|---|---|');
console.log(`| intent accuracy (understanding) | ${pct(intentHits, scoredIntent.length)} | >= 95% |`);
console.log(`| intent of the answer (engine) | ${pct(answerIntentHits, scoredIntent.length)} | |`);
console.log(`| filter accuracy (all expected filters right) | ${pct(filterHits, withFilters.length)} | >= 90% |`);
console.log(`| answer contains an expected product | ${pct(productListed.filter((o) => o.productOk).length, productListed.length)} | |`);
console.log(`| "none" answers without product cards | ${pct(productNone.filter((o) => o.productOk).length, productNone.length)} | |`);
console.log(`| answers with a card that breaks the asked filters | ${withViolations.length} | 0 |`);
console.log(`| order answers right | ${pct(orderHits, withOrders.length)} | |`);
console.log(`| wallet, links and basket answers right | ${pct(otherHits, withOther.length)} | |`);
console.log(`| polite answers (no 5xx, contract-valid stream, text) | ${pct(outcomes.length - impolite.length, outcomes.length)} | 100% |`);
console.log(`| engine answer latency p50 / p95 / max (POST /api/assistant/messages) | ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(Math.max(...latencies))} ms | p95 < 150 ms |`);
console.log(`| understanding alone p50 / p95 | ${ms(percentile(understandTimes, 50))} / ${ms(percentile(understandTimes, 95))} ms | |`);
if (rateLimitWaits.count > 0) console.log(`\n(The demo buyer met the per-user limit ${rateLimitWaits.count} times; ${rateLimitWaits.seconds} s of waiting, not in the latencies.)`);

console.log('\nFilters by key:\n');
console.log('| filter | right |');
console.log('|---|---|');
for (const [key, entry] of perKey) console.log(`| ${key} | ${pct(entry.hit, entry.total)} |`);
console.log('\nBy tag (intent right / intent and filters right):\n');
console.log('| tag | intent | intent + filters |');
console.log('|---|---|---|');
for (const [tag, entry] of [...byTag].sort()) console.log(`| ${tag} | ${pct(entry.intent, entry.total)} | ${pct(entry.filters, entry.total)} |`);

const misses = outcomes.filter(
  (outcome) =>
    outcome.intentOk === false ||
    outcome.filterChecks.some((check) => !check.ok) ||
    outcome.productOk === false ||
    outcome.violations.length > 0 ||
    outcome.orderOk === false ||
    outcome.otherOk === false ||
    !outcome.politeOk,
);
console.log(`\nMisses (${misses.length}):`);
for (const outcome of misses) {
  const { item } = outcome;
  const lines: string[] = [];
  if (outcome.understandError) lines.push(`understand() threw: ${outcome.understandError}`);
  if (outcome.intentOk === false) lines.push(`intent: expected ${JSON.stringify(item.intent)}, got ${outcome.understanding?.intent ?? '-'} (answer: ${outcome.answerIntent ?? '-'})`);
  for (const check of outcome.filterChecks.filter((c) => !c.ok)) lines.push(`${check.key}: expected ${JSON.stringify(check.expected)}, got ${JSON.stringify(check.got)}`);
  if (outcome.productOk === false) {
    const shown = productCards(outcome.blocks).map((card) => `${card.title} (${card.region})`);
    lines.push(`products: expected ${item.products === 'none' ? 'none' : `one of ${(item.products as string[]).join(' / ')}`}, got ${shown.join(', ') || 'none'}`);
  }
  if (outcome.violations.length > 0) lines.push(`cards breaking the request: ${outcome.violations.join('; ')}`);
  lines.push(...outcome.otherWhy);
  if (!outcome.politeOk) lines.push(`answer: HTTP ${outcome.status}${outcome.contractErrors.length ? `, contract: ${outcome.contractErrors.join(' | ')}` : ''}`);
  const shownText = outcome.text.length > 90 ? `${outcome.text.slice(0, 87)}...` : outcome.text;
  console.log(`- ${item.id} [${item.as}${item.after ? `, after ${item.after}` : ''}] "${shownText}"`);
  for (const line of lines) console.log(`    ${line}`);
  console.log(`    said: ${outcome.answerText.replace(/\s+/g, ' ').slice(0, 160)}`);
}

const summary = {
  questions: outcomes.length,
  seedSeconds: Number(timings.seedSeconds.toFixed(1)),
  runSeconds: Number(timings.runSeconds.toFixed(1)),
  rateLimitWaits: rateLimitWaits.count,
  loadAverage: { start: Number(startLoad.toFixed(2)), questions: Number(timings.loadAtQuestions.toFixed(2)), end: Number(endLoad.toFixed(2)) },
  node: process.version,
  cpus: cpus().length,
  intentAccuracy: scoredIntent.length ? intentHits / scoredIntent.length : null,
  answerIntentAccuracy: scoredIntent.length ? answerIntentHits / scoredIntent.length : null,
  filterAccuracy: withFilters.length ? filterHits / withFilters.length : null,
  productRate: productListed.length ? productListed.filter((o) => o.productOk).length / productListed.length : null,
  noneRate: productNone.length ? productNone.filter((o) => o.productOk).length / productNone.length : null,
  answersBreakingFilters: withViolations.length,
  orderAccuracy: withOrders.length ? orderHits / withOrders.length : null,
  otherAccuracy: withOther.length ? otherHits / withOther.length : null,
  serverErrors: serverErrors.length,
  impolite: impolite.length,
  latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies) },
  understandMs: { p50: percentile(understandTimes, 50), p95: percentile(understandTimes, 95) },
  goals: {
    intent: scoredIntent.length > 0 && intentHits / scoredIntent.length >= 0.95,
    filters: withFilters.length > 0 && filterHits / withFilters.length >= 0.9,
    latencyP95: percentile(latencies, 95) < 150,
  },
  misses: misses.map((outcome) => outcome.item.id),
};
console.log(`\nJSON summary:\n${JSON.stringify(summary)}`);
if (process.env.BENCH_ASSISTANT_JSON) writeFileSync(process.env.BENCH_ASSISTANT_JSON, `${JSON.stringify(summary, null, 2)}\n`);
