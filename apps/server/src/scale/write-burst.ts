import { randomUUID } from 'node:crypto';
import type { TBasketResponse } from '@pulse/contract/baskets';
import type { TCheckoutResponse, TOrderDetails, TSlotListResponse } from '@pulse/contract/orders';
import type { TProductListResponse } from '@pulse/contract/products';
import type { TTopUpResponse } from '@pulse/contract/wallet';
import { DEMO_PASSWORD } from '../seed/catalogue-data';

/**
 * A burst of the writes people make (wallet top-ups, basket adds, checkouts with an
 * Idempotency-Key, Pulse Hub posts) from several demo accounts at once, recording every write the
 * server acknowledged with a 2xx, so a test can kill the server in the middle and then look for
 * each of them (decision 026).
 */

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function signIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const { status, body } = await callApi<{ token: string }>(baseUrl, '/api/auth/login', { method: 'POST', body: { email, password } });
  if (status !== 200) throw new Error(`signing in as ${email} answered ${status}: ${JSON.stringify(body)}`);
  return body.token;
}

/** Demo buyers who top up, check out and post in turns. */
const CHECKOUT_BUYERS = ['buyer@demo.pulse.market', 'akosua@demo.pulse.market', 'esi@demo.pulse.market'];
/** A demo buyer who only fills the basket, one product after another (nothing empties it). */
const BASKET_BUYER = 'kwame@demo.pulse.market';
const TOP_UP_MINOR = 3_000;

interface Offer {
  productId: string;
  sellerUserId: string;
  quantity: number;
  slotIds: string[];
}

export interface BurstPlan {
  buyers: Array<{ email: string; token: string }>;
  basketBuyer: { email: string; token: string };
  /** Cheap products in plenty, each with its farm's open pickup slots. */
  offers: Offer[];
  /** Distinct products for the basket buyer. */
  basketProducts: Array<{ productId: string; quantity: number }>;
}

/** Signs the demo accounts in and picks products and slots from the seeded catalogue through the API. */
export async function prepareBurst(baseUrl: string): Promise<BurstPlan> {
  const buyers = await Promise.all(CHECKOUT_BUYERS.map(async (email) => ({ email, token: await signIn(baseUrl, email) })));
  const basketBuyer = { email: BASKET_BUYER, token: await signIn(baseUrl, BASKET_BUYER) };
  const products = await callApi<TProductListResponse>(baseUrl, '/api/products?limit=60&sort=price_asc');
  if (products.status !== 200) throw new Error(`the catalogue answered ${products.status}`);
  const plentiful = products.body.items.filter(
    (product) => product.status === 'active' && product.availableQuantity >= product.minOrderQuantity * 40 && product.priceMinor * product.minOrderQuantity <= TOP_UP_MINOR,
  );
  const slotsBySeller = new Map<string, string[]>();
  for (const sellerUserId of new Set(plentiful.map((product) => product.sellerUserId))) {
    const slots = await callApi<TSlotListResponse>(baseUrl, `/api/sellers/${sellerUserId}/slots?method=pickup`);
    const open = slots.body.items.filter((slot) => slot.remaining === null || slot.remaining >= 10).map((slot) => slot.id);
    if (open.length > 0) slotsBySeller.set(sellerUserId, open);
  }
  const offers = plentiful.flatMap((product) => {
    const slotIds = slotsBySeller.get(product.sellerUserId);
    return slotIds ? [{ productId: product.id, sellerUserId: product.sellerUserId, quantity: product.minOrderQuantity, slotIds }] : [];
  });
  if (offers.length < 3) throw new Error(`the seeded catalogue has only ${offers.length} cheap products in plenty with open pickup slots`);
  const basketProducts = products.body.items
    .filter((product) => product.status === 'active' && product.availableQuantity >= product.minOrderQuantity)
    .map((product) => ({ productId: product.id, quantity: product.minOrderQuantity }));
  return { buyers, basketBuyer, offers, basketProducts };
}

export interface Acknowledged {
  topUps: Array<{ token: string; key: string; amountMinor: number; id: string }>;
  orders: Array<{ token: string; orderId: string }>;
  posts: Array<{ token: string; postId: string }>;
  basketAdds: Array<{ token: string; productId: string }>;
}

export interface BurstOutcome {
  acknowledged: Acknowledged;
  /** Requests sent and not answered when the kill was sent: the kill landed in the middle of them. */
  inFlightAtKill: number;
  /** Answers outside 2xx, by route and status (a 4xx is a refusal; a 5xx is a defect). */
  refusals: Array<{ route: string; status: number; body: unknown }>;
}

/**
 * Runs the writers until `killAfter` writes have been acknowledged, then calls `kill` while the
 * others are still waiting for answers, and returns once every writer has seen its connection fail.
 */
export async function runBurstUntilKilled(baseUrl: string, plan: BurstPlan, killAfter: number, kill: () => Promise<void>): Promise<BurstOutcome> {
  const acknowledged: Acknowledged = { topUps: [], orders: [], posts: [], basketAdds: [] };
  const refusals: BurstOutcome['refusals'] = [];
  const run = randomUUID().slice(0, 8);
  let acknowledgedCount = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let killing: Promise<void> | null = null;

  /** One request; false once the server is gone (the writer stops). */
  async function send<T>(route: string, request: () => Promise<ApiAnswer<T>>, onAcknowledged: (body: T) => void): Promise<boolean> {
    if (killing) return false;
    inFlight += 1;
    let answer: ApiAnswer<T>;
    try {
      answer = await request();
    } catch {
      return false;
    } finally {
      inFlight -= 1;
    }
    if (answer.status >= 200 && answer.status < 300) {
      onAcknowledged(answer.body);
      acknowledgedCount += 1;
      if (acknowledgedCount >= killAfter && !killing) {
        inFlightAtKill = inFlight;
        killing = kill();
      }
    } else {
      refusals.push({ route, status: answer.status, body: answer.body });
    }
    return true;
  }

  async function checkoutWriter(buyer: { token: string }, writer: number) {
    for (let round = 0; ; round += 1) {
      const offer = plan.offers[(writer + round * plan.buyers.length) % plan.offers.length] as Offer;
      const slotId = offer.slotIds[round % offer.slotIds.length] as string;
      const topUpKey = `crash-${run}-${writer}-${round}-top-up`;
      const checkoutKey = `crash-${run}-${writer}-${round}-checkout`;
      const steps = [
        () =>
          send<TTopUpResponse>(
            'POST /api/wallet/top-ups',
            () => callApi(baseUrl, '/api/wallet/top-ups', { method: 'POST', token: buyer.token, headers: { 'idempotency-key': topUpKey }, body: { amountMinor: TOP_UP_MINOR } }),
            (body) => acknowledged.topUps.push({ token: buyer.token, key: topUpKey, amountMinor: TOP_UP_MINOR, id: body.id }),
          ),
        () =>
          send<TBasketResponse>(
            'POST /api/baskets/items',
            () => callApi(baseUrl, '/api/baskets/items', { method: 'POST', token: buyer.token, body: { productId: offer.productId, quantity: offer.quantity } }),
            () => {},
          ),
        () =>
          send<TCheckoutResponse>(
            'POST /api/checkout',
            () =>
              callApi(baseUrl, '/api/checkout', {
                method: 'POST',
                token: buyer.token,
                headers: { 'idempotency-key': checkoutKey },
                body: { addressId: null, payNow: true, sellers: [{ sellerUserId: offer.sellerUserId, fulfilment: 'pickup', slotId }] },
              }),
            (body) => {
              for (const order of body.orders) acknowledged.orders.push({ token: buyer.token, orderId: order.id });
            },
          ),
        () =>
          send<{ id: string }>(
            'POST /api/hub/posts',
            () => callApi(baseUrl, '/api/hub/posts', { method: 'POST', token: buyer.token, body: { clientId: randomUUID(), text: `Fresh from the crash test, round ${round} of writer ${writer}` } }),
            (body) => acknowledged.posts.push({ token: buyer.token, postId: body.id }),
          ),
      ];
      for (const step of steps) if (!(await step())) return;
    }
  }

  async function basketWriter() {
    for (const product of plan.basketProducts) {
      const sent = await send<TBasketResponse>(
        'POST /api/baskets/items',
        () => callApi(baseUrl, '/api/baskets/items', { method: 'POST', token: plan.basketBuyer.token, body: product }),
        () => acknowledged.basketAdds.push({ token: plan.basketBuyer.token, productId: product.productId }),
      );
      if (!sent) return;
    }
  }

  await Promise.all([...plan.buyers.map((buyer, writer) => checkoutWriter(buyer, writer)), basketWriter()]);
  if (!killing) throw new Error(`the burst ended after ${acknowledgedCount} acknowledged writes, before the kill at ${killAfter}`);
  await killing;
  return { acknowledged, inFlightAtKill, refusals };
}

/** Reads every acknowledged write back through the API; returns what is missing or wrong. */
export async function findLostWrites(baseUrl: string, acknowledged: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  for (const order of acknowledged.orders) {
    const { status, body } = await callApi<TOrderDetails>(baseUrl, `/api/orders/${order.orderId}`, { token: order.token });
    if (status !== 200) problems.push(`order ${order.orderId}: GET answered ${status}`);
    else if (body.status !== 'paid') problems.push(`order ${order.orderId}: ${body.status}, not paid`);
  }
  for (const topUp of acknowledged.topUps) {
    // The caller's retry: a stored top-up is returned (200, same id), a lost one would be made again (201).
    const { status, body } = await callApi<TTopUpResponse>(baseUrl, '/api/wallet/top-ups', {
      method: 'POST',
      token: topUp.token,
      headers: { 'idempotency-key': topUp.key },
      body: { amountMinor: topUp.amountMinor },
    });
    if (status !== 200 || body.id !== topUp.id || body.status !== 'succeeded') problems.push(`top-up ${topUp.id}: retry answered ${status} ${JSON.stringify(body)}`);
  }
  for (const post of acknowledged.posts) {
    const { status } = await callApi(baseUrl, `/api/hub/posts/${post.postId}`, { token: post.token });
    if (status !== 200) problems.push(`post ${post.postId}: GET answered ${status}`);
  }
  const baskets = new Map<string, Set<string>>();
  for (const add of acknowledged.basketAdds) {
    let inBasket = baskets.get(add.token);
    if (!inBasket) {
      const { body } = await callApi<TBasketResponse>(baseUrl, '/api/baskets', { token: add.token });
      inBasket = new Set(body.groups.flatMap((group) => group.items.map((item) => item.productId)));
      baskets.set(add.token, inBasket);
    }
    if (!inBasket.has(add.productId)) problems.push(`basket line ${add.productId}: not in the basket`);
  }
  return problems;
}

/**
 * Each query counts violations of one rule a half-done write would break; all must be 0. Order
 * statuses that hold stock: from checkout until hand-over (the state machine's reservation effects).
 */
export const INTEGRITY_CHECKS: Record<string, string> = {
  'postings of all transactions sum to zero': 'select abs(coalesce(sum(amount_minor), 0)) as n from ledger_postings',
  'transactions whose postings do not sum to zero':
    'select count(*) as n from (select transaction_id from ledger_postings group by transaction_id having sum(amount_minor) <> 0) unbalanced',
  'transactions without postings': 'select count(*) as n from ledger_transactions t where not exists (select 1 from ledger_postings p where p.transaction_id = t.id)',
  'paid orders without their payment':
    "select count(*) as n from orders o where o.paid_at is not null and not exists (select 1 from ledger_transactions t where t.order_id = o.id and t.kind = 'order_payment')",
  'payments of orders not paid': "select count(*) as n from ledger_transactions t join orders o on o.id = t.order_id where t.kind = 'order_payment' and o.paid_at is null",
  'orders without items or first event':
    'select count(*) as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id) or not exists (select 1 from order_events e where e.order_id = o.id)',
  'checkouts without orders': 'select count(*) as n from checkouts c where not exists (select 1 from orders o where o.checkout_id = c.id)',
  // A top-up still pending is a payment in flight (a kill between its row and the provider's answer
  // leaves one): reconciliation verifies it later. Half done would be a top-up whose state is not its payment's.
  'top-ups whose state differs from their payment':
    "select count(*) as n from top_ups u left join payment_intents i on i.id = u.intent_id where case when u.status = 'pending' then i.id is null or i.status not in ('created', 'pending') else i.id is not null and i.status::text <> u.status::text end",
  'top-ups whose ledger movement does not match':
    // A top-up's credit is its payment intent's (key intent:<intent id>); top-ups from before intents used top-up:<id>.
    "select count(*) as n from top_ups u where (u.status = 'succeeded') <> exists (select 1 from ledger_transactions t where t.kind = 'top_up' and t.idempotency_key in ('top-up:' || u.id, 'intent:' || u.intent_id))",
  'products whose reserved stock differs from their open orders': `select count(*) as n from products p where p.reserved_quantity <> coalesce((
      select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
      where i.product_id = p.id and o.status in ('pending_payment', 'paid', 'accepted', 'ready')), 0)`,
};

/** Runs every check with `count` (one number per query) and returns the violations found, by rule. */
export async function checkIntegrity(count: (query: string) => Promise<number>): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const [rule, query] of Object.entries(INTEGRITY_CHECKS)) found[rule] = await count(query);
  return found;
}
